import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { RegisterForm } from "@/modules/auth/components/register-form";
import { fakeStatus, mockFetch, renderAuth, sentBody } from "@/test-support/components/render-auth";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const withEmail = fakeStatus({ email_verification: true });

function fill(values: Partial<Record<"username" | "password" | "confirm" | "email" | "code", string>>) {
  for (const [field, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(`register-${field}`), { target: { value } });
  }
}

function alerts(): string[] {
  return screen.queryAllByRole("alert").map((el) => el.textContent ?? "");
}

afterEach(() => jest.useRealTimers());

describe("RegisterForm", () => {
  it.each([
    [{ username: "", password: "password123", confirm: "password123" }, "用户名不能为空"],
    [{ username: "bob", password: "", confirm: "" }, "请输入密码"],
    [{ username: "bob", password: "short", confirm: "short" }, "密码长度至少为8个字符"],
    [{ username: "bob", password: "password123", confirm: "password12" }, "两次输入的密码不一致"],
  ])("rejects %j with %s and sends nothing", (values, message) => {
    const fetchMock = mockFetch();
    renderAuth(<RegisterForm />);
    fill(values);
    fireEvent.click(screen.getByTestId("register-submit"));
    expect(alerts()).toContain(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the registration with the invite code, toasts and goes to /login", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "注册成功！", data: null } });
    renderAuth(<RegisterForm affCode="INV1" />);
    expect(screen.getByTestId("register-aff")).toHaveValue("INV1");
    expect(screen.queryByTestId("register-email")).toBeNull();
    fill({ username: "bob", password: "password123", confirm: "password123" });
    fireEvent.click(screen.getByTestId("register-submit"));
    await waitFor(() => expect(push).toHaveBeenCalledWith("/login"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user/register");
    expect(sentBody(fetchMock)).toEqual({
      username: "bob",
      password: "password123",
      password2: "password123",
      email: "",
      verification_code: "",
      aff_code: "INV1",
    });
    expect(toast.success).toHaveBeenCalledWith("注册成功！");
  });

  it("stays on the page when the server refuses", async () => {
    mockFetch({ status: 409, body: { success: false, message: "用户名已存在，或已注销" } });
    renderAuth(<RegisterForm />);
    fill({ username: "bob", password: "password123", confirm: "password123" });
    fireEvent.click(screen.getByTestId("register-submit"));
    await waitFor(() => expect(screen.getByTestId("register-submit")).not.toBeDisabled());
    expect(push).not.toHaveBeenCalled();
  });

  describe("with email verification", () => {
    it("requires the email and the code", () => {
      const fetchMock = mockFetch();
      renderAuth(<RegisterForm />, withEmail);
      fill({ username: "bob", password: "password123", confirm: "password123" });
      fireEvent.click(screen.getByTestId("register-submit"));
      expect(alerts()).toEqual(expect.arrayContaining(["请输入邮箱！", "请输入邮箱验证码！"]));
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("asks for an email before sending a code", () => {
      const fetchMock = mockFetch();
      renderAuth(<RegisterForm />, withEmail);
      fireEvent.click(screen.getByTestId("register-send-code"));
      expect(alerts()).toContain("请输入邮箱！");
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("sends the code, then counts down 30 seconds before allowing a resend", async () => {
      jest.useFakeTimers();
      const fetchMock = mockFetch({ body: { success: true, message: "", data: null } });
      renderAuth(<RegisterForm />, withEmail);
      fill({ email: "bob@example.com" });
      fireEvent.click(screen.getByTestId("register-send-code"));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith("验证码发送成功，请检查你的邮箱！"));
      expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/verification?email=bob%40example.com");
      const button = screen.getByTestId("register-send-code");
      expect(button).toBeDisabled();
      expect(button).toHaveTextContent("重新发送 (30)");
      act(() => jest.advanceTimersByTime(29_000));
      expect(button).toHaveTextContent("重新发送 (1)");
      act(() => jest.advanceTimersByTime(1_000));
      expect(button).toBeEnabled();
      expect(button).toHaveTextContent("获取验证码");
    });

    it("posts the email and code with the registration", async () => {
      const fetchMock = mockFetch({ body: { success: true, message: "", data: null } });
      renderAuth(<RegisterForm />, withEmail);
      fill({
        username: "bob",
        password: "password123",
        confirm: "password123",
        email: " bob@example.com ",
        code: "123456",
      });
      fireEvent.click(screen.getByTestId("register-submit"));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(sentBody(fetchMock)).toMatchObject({ email: "bob@example.com", verification_code: "123456" });
    });
  });

  it("shows a closed notice instead of the form when registration is off", () => {
    renderAuth(<RegisterForm />, fakeStatus({ register_enabled: false }));
    expect(screen.getByTestId("register-closed")).toHaveTextContent("管理员关闭了新用户注册");
    expect(screen.queryByTestId("register-submit")).toBeNull();
    expect(screen.getByTestId("register-login-link")).toHaveAttribute("href", "/login");
  });
});
