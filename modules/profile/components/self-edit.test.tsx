// /user/edit without an id: any signed-in user edits their own account.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { SelfEditPageClient } from "@/modules/profile/components/self-edit-page-client";
import { mockFetch, renderAuth, sentBody } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));

test("shows the own username read-only and saves the display name through PUT /api/user/self", async () => {
  const self = (display_name: string) => ({
    body: { success: true, message: "", data: { id: 3, username: "alice", display_name, has_password: true } },
  });
  const fetchMock = mockFetch(
    self("Al"),
    { body: { success: true, message: "用户信息更新成功！", data: null } },
    self("Alice"),
  );
  renderAuth(<SelfEditPageClient />);
  const username = await screen.findByLabelText("用户名");
  expect(username).toHaveValue("alice");
  expect(username).toBeDisabled();
  expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user/self");
  fireEvent.change(screen.getByLabelText("显示名称"), { target: { value: "Alice" } });
  fireEvent.click(screen.getByTestId("me-display-name-save"));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("用户信息更新成功！"));
  expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/user/self");
  expect((fetchMock.mock.calls[1]?.[1] as RequestInit).method).toBe("PUT");
  expect(sentBody(fetchMock, 1)).toEqual({ display_name: "Alice" });
  expect(await screen.findByTestId("self-edit-password")).toHaveTextContent("修改密码");
});
