// The e-mail screens: /reset (validation, human check, the call, 30 s retry countdown), /user/reset
// (incomplete link, the call, the new password shown and copied on click, manual-copy dialog when
// the clipboard fails) and the email-binding dialog of /app/me (spec messages, code, bind call).
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { ResetConfirmForm } from "@/modules/auth/components/reset-confirm-form";
import { ResetRequestForm } from "@/modules/auth/components/reset-request-form";
import { EmailBinding } from "@/modules/profile/components/bindings/email-binding";
import { copyText } from "@/lib/client/copy-text";
import { mockFetch, renderAuth, sentBody } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
jest.mock("@/lib/client/copy-text", () => ({ copyText: jest.fn() }));
const humanCheck = { token: "", ready: true, widget: null, reset: jest.fn() };
jest.mock("@/components/use-human-check", () => ({ useHumanCheck: () => humanCheck }));

const alerts = () => screen.queryAllByRole("alert").map((el) => el.textContent ?? "");

afterEach(() => {
  jest.useRealTimers();
  Object.assign(humanCheck, { token: "", ready: true });
});

describe("ResetRequestForm", () => {
  it.each([
    ["", "请输入邮箱！"],
    ["not-an-email", "邮箱地址格式错误"],
  ])("refuses %j with %s and sends nothing", (value, message) => {
    const fetchMock = mockFetch();
    renderAuth(<ResetRequestForm />);
    fireEvent.change(screen.getByTestId("reset-email"), { target: { value } });
    fireEvent.click(screen.getByTestId("reset-submit"));
    expect(alerts()).toContain(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("waits for the human check", () => {
    Object.assign(humanCheck, { ready: false });
    const fetchMock = mockFetch();
    renderAuth(<ResetRequestForm />);
    fireEvent.change(screen.getByTestId("reset-email"), { target: { value: "a@example.com" } });
    fireEvent.click(screen.getByTestId("reset-submit"));
    expect(toast.info).toHaveBeenCalledWith("请稍后几秒重试，Turnstile 正在检查用户环境！");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("requests the mail with the human-check token, then waits 30 seconds before a retry", async () => {
    jest.useFakeTimers();
    Object.assign(humanCheck, { token: "tt" });
    const fetchMock = mockFetch({ body: { success: true, message: "重置邮件发送成功，请检查邮箱！", data: null } });
    renderAuth(<ResetRequestForm />);
    fireEvent.change(screen.getByTestId("reset-email"), { target: { value: " a@example.com " } });
    fireEvent.click(screen.getByTestId("reset-submit"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("重置邮件发送成功，请检查邮箱！"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/reset_password?email=a%40example.com&turnstile=tt");
    expect(humanCheck.reset).toHaveBeenCalled();
    expect(screen.getByTestId("reset-sent")).toHaveTextContent("a@example.com");
    const button = screen.getByTestId("reset-submit");
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("重试 (30)");
    act(() => jest.advanceTimersByTime(30_000));
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent("提交");
  });
});

describe("ResetConfirmForm", () => {
  it("explains an incomplete link and cannot submit", () => {
    renderAuth(<ResetConfirmForm email="a@example.com" token="" />);
    expect(screen.getByTestId("reset-confirm-incomplete")).toHaveTextContent("重置链接不完整");
    expect(screen.getByTestId("reset-confirm-submit")).toBeDisabled();
  });

  it("shows the address read-only, submits, shows the new password and copies it at once and on click", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "", data: "NewPass234abcdEF" } });
    (copyText as jest.Mock).mockResolvedValue(true);
    renderAuth(<ResetConfirmForm email="a@example.com" token="tok123" />);
    expect(screen.getByTestId("reset-confirm-email")).toHaveValue("a@example.com");
    expect(screen.getByTestId("reset-confirm-email")).toHaveAttribute("readonly");
    fireEvent.click(screen.getByTestId("reset-confirm-submit"));
    await screen.findByTestId("reset-new-password");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user/reset");
    expect(sentBody(fetchMock)).toEqual({ email: "a@example.com", token: "tok123" });
    expect(screen.getByTestId("reset-new-password")).toHaveTextContent("NewPass234abcdEF");
    expect(screen.queryByTestId("reset-confirm-submit")).toBeNull(); // the link is used up
    // copied without a click
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("密码重置成功，新密码已复制到剪贴板"));
    expect(copyText).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId("reset-new-password"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("新密码已复制到剪贴板"));
    expect(copyText).toHaveBeenCalledTimes(2);
    expect(copyText).toHaveBeenLastCalledWith("NewPass234abcdEF");
  });

  it("opens the manual-copy dialog when the clipboard fails", async () => {
    mockFetch({ body: { success: true, message: "", data: "NewPass234abcdEF" } });
    (copyText as jest.Mock).mockResolvedValue(false);
    renderAuth(<ResetConfirmForm email="a@example.com" token="tok123" />);
    fireEvent.click(screen.getByTestId("reset-confirm-submit"));
    // the automatic copy failed: no "copied" claim, no dialog until the visitor asks
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("密码重置成功，请使用新密码登录"));
    expect(screen.queryByTestId("manual-copy-text")).toBeNull();
    fireEvent.click(await screen.findByTestId("reset-new-password"));
    expect(await screen.findByTestId("manual-copy-text")).toHaveValue("NewPass234abcdEF");
    expect(screen.getByText("无法复制到剪贴板，请手动复制")).toBeInTheDocument();
  });
});

describe("EmailBinding", () => {
  it("asks for the address and the code, sends the code, binds and closes", async () => {
    const fetchMock = mockFetch(
      { body: { success: true, message: "", data: null } },
      // the session already holds a fresh secure verification: no dialog, the binding goes on
      {
        body: {
          success: true,
          message: "",
          data: { verified: true, methods: { two_fa: false, passkey: false, password: true } },
        },
      },
      { body: { success: true, message: "绑定成功！", data: null } },
    );
    renderAuth(<EmailBinding bound={false} />);
    fireEvent.click(screen.getByTestId("me-bind-email"));
    expect(await screen.findByText("绑定邮箱")).toBeInTheDocument();

    fireEvent.click(screen.getByTestId("bind-email-submit"));
    expect(alerts()).toEqual(expect.arrayContaining(["请输入邮箱！", "请输入邮箱验证码！"]));
    fireEvent.click(screen.getByTestId("bind-email-send-code"));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId("bind-email-input"), { target: { value: "me@example.com" } });
    fireEvent.click(screen.getByTestId("bind-email-send-code"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("验证码发送成功，请检查你的邮箱！"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/verification?email=me%40example.com");
    expect(screen.getByTestId("bind-email-send-code")).toHaveTextContent("重新发送 (30)");

    fireEvent.change(screen.getByTestId("bind-email-code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByTestId("bind-email-submit"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("绑定成功！"));
    expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/verify/status");
    expect(fetchMock.mock.calls[2]?.[0]).toBe("/api/oauth/email/bind?email=me%40example.com&code=123456");
    await waitFor(() => expect(screen.queryByTestId("bind-email-form")).toBeNull());
  });

  it("offers a change when an address is bound", () => {
    renderAuth(<EmailBinding bound />);
    expect(screen.getByTestId("me-bind-email")).toHaveTextContent("修改");
  });
});
