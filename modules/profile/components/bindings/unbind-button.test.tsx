// The unbind action of a bound sign-in row in /app/me: a confirmation first, then POST
// /api/user/unbind with the provider; the server's refusal is shown, not swallowed.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { OAuthBinding } from "@/modules/profile/components/bindings/oauth-binding";
import { mockFetch, renderAuth, sentBody } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

describe("unbinding from /app/me", () => {
  it("a bound row offers 解绑, asks first, then unbinds", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "解绑成功", data: null } });
    renderAuth(<OAuthBinding provider="github" bound />);
    expect(screen.queryByTestId("me-bind-github")).toBeNull();
    fireEvent.click(screen.getByTestId("me-unbind-github"));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId("me-unbind-github-dialog-confirm"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("解绑成功"));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/user/unbind");
    expect(sentBody(fetchMock)).toEqual({ provider: "github" });
  });

  it("an unbound row offers binding, not unbinding", () => {
    renderAuth(<OAuthBinding provider="oidc" bound={false} />);
    expect(screen.getByTestId("me-bind-oidc")).toBeTruthy();
    expect(screen.queryByTestId("me-unbind-oidc")).toBeNull();
  });
});
