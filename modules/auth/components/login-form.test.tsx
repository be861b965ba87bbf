import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { toast } from "sonner";
import { LoginForm } from "@/modules/auth/components/login-form";
import { hardNavigate } from "@/lib/client/navigate";
import { getStoredUser } from "@/lib/client/storage";
import { fakeStatus, globalErrors, mockFetch, renderAuth, sentBody } from "@/test-support/components/render-auth";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/client/navigate", () => ({ hardNavigate: jest.fn() }));

const user = { id: 7, username: "alice", display_name: "Alice", role: 1, status: 1, group: "default" };

function fill(username: string, password: string) {
  fireEvent.change(screen.getByTestId("login-username"), { target: { value: username } });
  fireEvent.change(screen.getByTestId("login-password"), { target: { value: password } });
}

beforeEach(() => localStorage.clear());

describe("LoginForm", () => {
  it.each([
    ["", ""],
    ["alice", ""],
    ["", "secret123"],
    ["   ", "secret123"],
  ])("shows 请输入用户名和密码！ inline and sends nothing for %j / %j", (username, password) => {
    const fetchMock = mockFetch();
    renderAuth(<LoginForm />);
    fill(username, password);
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(screen.getByRole("alert")).toHaveTextContent("请输入用户名和密码！");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the credentials, stores the user, toasts and goes to a safe returnTo", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "登录成功！", data: user } });
    renderAuth(<LoginForm returnTo="/app/logs?p=2" />);
    fill(" alice ", "secret123");
    fireEvent.click(screen.getByTestId("login-submit"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/app/logs?p=2"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user/login");
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).method).toBe("POST");
    expect(sentBody(fetchMock)).toEqual({ username: "alice", password: "secret123" });
    expect(getStoredUser()).toEqual(user);
    expect(toast.success).toHaveBeenCalledWith("登录成功！");
  });

  it("with two-factor on: no user is stored until the second step's code signs in", async () => {
    const fetchMock = mockFetch(
      { body: { success: true, message: "请输入两步验证码", data: { require_2fa: true } } },
      { body: { success: true, message: "登录成功！", data: user } },
    );
    renderAuth(<LoginForm returnTo="/app/logs" />);
    fill("alice", "secret123");
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(await screen.findByTestId("login-2fa")).toHaveTextContent("两步验证");
    expect(getStoredUser()).toBeNull();
    expect(hardNavigate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId("login-2fa-code"), { target: { value: " 123 456 " } });
    fireEvent.click(screen.getByTestId("login-2fa-submit"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/app/logs"));
    expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/user/login/2fa");
    expect(sentBody(fetchMock, 1)).toEqual({ code: "123 456" });
    expect(getStoredUser()).toEqual(user);
  });

  it.each([
    "//evil.example/x",
    "https://evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    undefined,
  ])("ignores unsafe returnTo %j", async (returnTo) => {
    mockFetch({ body: { success: true, message: "", data: user } });
    renderAuth(<LoginForm returnTo={returnTo} />);
    fill("alice", "secret123");
    fireEvent.click(screen.getByTestId("login-submit"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/app/tokens"));
  });

  it("warns about the default root password before leaving", async () => {
    mockFetch({ body: { success: true, message: "", data: { ...user, username: "root" } } });
    renderAuth(<LoginForm />);
    fill("root", "123456");
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(await screen.findByText("安全警告")).toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("login-default-password-change"));
    expect(hardNavigate).toHaveBeenCalledWith("/app/me");
  });

  it("lets the user continue past the default-password warning", async () => {
    mockFetch({ body: { success: true, message: "", data: { ...user, username: "root" } } });
    renderAuth(<LoginForm />);
    fill("root", "123456");
    fireEvent.click(screen.getByTestId("login-submit"));
    fireEvent.click(await screen.findByTestId("login-default-password-continue"));
    expect(hardNavigate).toHaveBeenCalledWith("/app/tokens");
  });

  it("does not store anything or navigate when the server refuses", async () => {
    mockFetch({ status: 400, body: { success: false, message: "用户名或密码错误，或用户已被封禁" } });
    renderAuth(<LoginForm />);
    fill("alice", "wrong-pass");
    fireEvent.click(screen.getByTestId("login-submit"));
    await waitFor(() => expect(screen.getByTestId("login-submit")).not.toBeDisabled());
    expect(getStoredUser()).toBeNull();
    expect(hardNavigate).not.toHaveBeenCalled();
    // The global MutationCache handler (not the form) toasts the server's message.
    expect(globalErrors.at(-1)).toMatchObject({ message: "用户名或密码错误，或用户已被封禁" });
  });

  it("shows the expired notice once when ?expired=true, even under strict mode's double effects", async () => {
    mockFetch();
    renderAuth(
      <StrictMode>
        <LoginForm expired />
      </StrictMode>,
    );
    await act(async () => {});
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith("未登录或登录已过期，请重新登录");
  });

  it("links to register and reset; hides register when registration is closed or in self-use mode", () => {
    const { unmount } = renderAuth(<LoginForm />);
    expect(screen.getByTestId("login-register-link")).toHaveAttribute("href", "/register");
    expect(screen.getByTestId("login-forgot-link")).toHaveAttribute("href", "/reset");
    unmount();
    const closed = renderAuth(<LoginForm />, fakeStatus({ register_enabled: false }));
    expect(screen.queryByTestId("login-register-link")).toBeNull();
    closed.unmount();
    renderAuth(<LoginForm />, fakeStatus({ self_use_mode_enabled: true }));
    expect(screen.queryByTestId("login-register-link")).toBeNull();
  });

  it("shows a notice instead of the form when password login is disabled", () => {
    renderAuth(<LoginForm />, fakeStatus({ password_login_enabled: false }));
    expect(screen.getByTestId("login-password-disabled")).toHaveTextContent("密码登录已关闭");
    expect(screen.queryByTestId("login-submit")).toBeNull();
  });
});
