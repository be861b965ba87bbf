// The WeChat and Telegram binding actions of /app/me: hidden when the provider is off; "Bind" or
// "Change" by state; WeChat binds with the code from the dialog, Telegram with the widget's fields.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { ImBinding } from "@/modules/profile/components/bindings/im-binding";
import { fakeStatus, mockFetch, renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const on = fakeStatus({ wechat_login: true, telegram_oauth: true, telegram_bot_name: "gw_bot" });

describe("ImBinding", () => {
  it("renders nothing while the provider is disabled", () => {
    renderAuth(
      <>
        <ImBinding provider="wechat" bound={false} />
        <ImBinding provider="telegram" bound={false} />
      </>,
    );
    expect(screen.queryByTestId("me-bind-wechat")).toBeNull();
    expect(screen.queryByTestId("me-bind-telegram")).toBeNull();
  });

  it("WeChat: 绑定 → dialog → GET /api/oauth/wechat/bind?code=, success toast, dialog closes", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "绑定成功！", data: null } });
    renderAuth(<ImBinding provider="wechat" bound={false} />, on);
    expect(screen.getByTestId("me-bind-wechat")).toHaveTextContent("绑定");
    fireEvent.click(screen.getByTestId("me-bind-wechat"));
    fireEvent.change(await screen.findByTestId("wechat-code"), { target: { value: "A1B2C3" } });
    fireEvent.click(screen.getByTestId("wechat-code-submit"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("绑定成功！"));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/oauth/wechat/bind?code=A1B2C3");
    await waitFor(() => expect(screen.queryByTestId("wechat-dialog")).toBeNull());
  });

  it("Telegram: 换绑 when bound; the widget's callback binds with its fields", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "绑定成功！", data: null } });
    renderAuth(<ImBinding provider="telegram" bound />, on);
    expect(screen.getByTestId("me-bind-telegram")).toHaveTextContent("换绑");
    fireEvent.click(screen.getByTestId("me-bind-telegram"));
    const script = (await screen.findByTestId("telegram-bind-widget")).querySelector("script")!;
    expect(script.getAttribute("data-telegram-login")).toBe("gw_bot");
    act(() => new Function("user", script.getAttribute("data-onauth")!)({ id: 77, auth_date: 1, hash: "cd" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/oauth/telegram/bind?id=77&auth_date=1&hash=cd");
  });
});
