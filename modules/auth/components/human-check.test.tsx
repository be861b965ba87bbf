// useHumanCheck in the login form: no widget and no token when Turnstile is off; when on, the
// Cloudflare widget is rendered explicitly, submit waits for a token (请稍后几秒重试，Turnstile 正在
// 检查用户环境！), the token rides in ?turnstile=, and the widget is reset after each use.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { LoginForm } from "@/modules/auth/components/login-form";
import { TURNSTILE_SCRIPT } from "@/components/use-human-check";
import { fakeStatus, mockFetch, renderAuth } from "@/test-support/components/render-auth";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/client/navigate", () => ({ hardNavigate: jest.fn() }));

const user = { id: 7, username: "alice", display_name: "Alice", role: 1, status: 1, group: "default" };
const enabled = fakeStatus({ turnstile_check: true, turnstile_site_key: "site-key-1" });

type Options = { sitekey: string; callback: (token: string) => void; "expired-callback": () => void };
let rendered: Options[] = [];
const fakeTurnstile = { render: jest.fn(), reset: jest.fn(), remove: jest.fn() };

beforeEach(() => {
  localStorage.clear();
  rendered = [];
  fakeTurnstile.render.mockImplementation((_el: HTMLElement, options: Options) => {
    rendered.push(options);
    return "widget-1";
  });
  window.turnstile = fakeTurnstile;
});

function submitLogin() {
  fireEvent.change(screen.getByTestId("login-username"), { target: { value: "alice" } });
  fireEvent.change(screen.getByTestId("login-password"), { target: { value: "secret123" } });
  fireEvent.click(screen.getByTestId("login-submit"));
}

describe("useHumanCheck in the login form", () => {
  it("Turnstile off: no widget, no token in the query", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "登录成功！", data: user } });
    renderAuth(<LoginForm />);
    expect(screen.queryByTestId("turnstile-widget")).toBeNull();
    submitLogin();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/user/login");
    expect(fakeTurnstile.render).not.toHaveBeenCalled();
  });

  it("Turnstile on: waits for the token, sends it, then resets the widget", async () => {
    const fetchMock = mockFetch({ status: 400, body: { success: false, message: "用户名或密码错误" } });
    renderAuth(<LoginForm />, enabled);
    expect(screen.getByTestId("turnstile-widget")).toBeInTheDocument();
    await waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0]!.sitekey).toBe("site-key-1");

    submitLogin();
    expect(screen.getByRole("alert")).toHaveTextContent("请稍后几秒重试，Turnstile 正在检查用户环境！");
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => rendered[0]!.callback("token-abc"));
    fireEvent.click(screen.getByTestId("login-submit"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/user/login?turnstile=token-abc");
    await waitFor(() => expect(fakeTurnstile.reset).toHaveBeenCalledWith("widget-1"));

    // the used token is gone: the next submit waits again
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // an expired token is dropped too
    act(() => rendered[0]!.callback("token-def"));
    act(() => rendered[0]!["expired-callback"]());
    fireEvent.click(screen.getByTestId("login-submit"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("loads Cloudflare's script once when it is not on the page, and says so if it fails", async () => {
    delete window.turnstile;
    renderAuth(<LoginForm />, enabled);
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(`script[src="${TURNSTILE_SCRIPT}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    act(() => script.onerror?.(new Event("error")));
    expect(await screen.findByTestId("turnstile-load-failed")).toHaveTextContent("人机验证组件加载失败");
  });
});
