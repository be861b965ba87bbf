// The edit-user panel's quota box: add, subtract, or set an exact balance.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { QuotaAdjust } from "@/modules/users/components/quota-adjust";
import type { AdminUser } from "@/modules/users/client/api";
import { mockFetch, renderAuth, sentBody } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

// Radix Select needs pointer capture and scrolling, which jsdom lacks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

const user = { id: 5, username: "bob", quota: 1000 } as AdminUser;

async function chooseMode(label: string) {
  fireEvent.keyDown(screen.getByTestId("quota-mode"), { key: "Enter" });
  fireEvent.click(await screen.findByRole("option", { name: label }));
}

beforeEach(() => jest.clearAllMocks());

test("设为 writes the exact quota through PUT /api/user/ (0 allowed)", async () => {
  const fetchMock = mockFetch({ body: { success: true, message: "用户信息更新成功！", data: null } });
  renderAuth(<QuotaAdjust user={user} />);
  await chooseMode("设为");
  fireEvent.change(screen.getByTestId("quota-amount"), { target: { value: "0" } });
  fireEvent.click(screen.getByTestId("quota-apply"));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("用户信息更新成功！"));
  expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user/");
  expect((fetchMock.mock.calls[0]?.[1] as RequestInit).method).toBe("PUT");
  expect(sentBody(fetchMock)).toEqual({ id: 5, quota: 0 });
});

test("设为 refuses a negative or fractional value with its own text and sends nothing", async () => {
  const fetchMock = mockFetch();
  renderAuth(<QuotaAdjust user={user} />);
  await chooseMode("设为");
  for (const value of ["-1", "1.5"]) {
    fireEvent.change(screen.getByTestId("quota-amount"), { target: { value } });
    fireEvent.click(screen.getByTestId("quota-apply"));
    expect(screen.getByText("请输入不小于 0 的整数额度")).toBeInTheDocument();
  }
  expect(fetchMock).not.toHaveBeenCalled();
});

test("增加 still moves the balance relatively through /api/user/manage", async () => {
  const fetchMock = mockFetch({ body: { success: true, message: "", data: { quota: 1500 } } });
  renderAuth(<QuotaAdjust user={user} />);
  fireEvent.change(screen.getByTestId("quota-amount"), { target: { value: "500" } });
  fireEvent.click(screen.getByTestId("quota-apply"));
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user/manage");
  expect(sentBody(fetchMock)).toEqual({ id: 5, action: "add_quota", mode: "add", value: 500 });
});
