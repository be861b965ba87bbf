import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { toast } from "sonner";
import { OAuthCallback, FAILURE_REDIRECT_MS } from "@/modules/auth/components/oauth-callback";
import { OAuthLoginButtons } from "@/modules/auth/components/oauth-login-buttons";
import { OAuthBinding } from "@/modules/profile/components/bindings/oauth-binding";
import { hardNavigate } from "@/lib/client/navigate";
import { getStoredUser, setStoredValue, type StoredUser } from "@/lib/client/storage";
import { fakeStatus, mockFetch, renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/client/navigate", () => ({ hardNavigate: jest.fn() }));

const alice: StoredUser = { id: 7, username: "alice", display_name: "Alice", role: 1, status: 1, group: "default" };
const oidcStatus = fakeStatus({
  oidc_enabled: true,
  oidc_client_id: "gateway",
  oidc_authorization_endpoint: "https://idp.example/auth",
  github_oauth: true,
  github_client_id: "gh-client",
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/login");
});

describe("OAuthLoginButtons", () => {
  it("shows nothing without an enabled provider, one button per enabled provider otherwise", () => {
    const { container } = renderAuth(<OAuthLoginButtons />, fakeStatus());
    expect(container).toBeEmptyDOMElement();
    renderAuth(<OAuthLoginButtons />, oidcStatus);
    expect(screen.getByTestId("oauth-login-github")).toHaveTextContent("使用 GitHub 继续");
    expect(screen.getByTestId("oauth-login-oidc")).toHaveTextContent("使用 OIDC 继续");
    expect(screen.queryByTestId("oauth-login-linuxdo")).toBeNull();
  });

  it("asks for a state with the kept invite code, keeps returnTo, and leaves for the provider", async () => {
    setStoredValue("aff", "INV1");
    window.history.replaceState(null, "", "/login?returnTo=%2Fapp%2Flogs");
    const fetchMock = mockFetch({ body: { success: true, message: "", data: "STATE123" } });
    renderAuth(<OAuthLoginButtons />, oidcStatus);
    fireEvent.click(screen.getByTestId("oauth-login-oidc"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/oauth/state?provider=oidc&aff=INV1");
    const url = new URL(jest.mocked(hardNavigate).mock.calls[0]![0]);
    expect(url.origin + url.pathname).toBe("https://idp.example/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "gateway",
      scope: "openid profile email",
      redirect_uri: "http://localhost/oauth/oidc",
      nonce: "STATE123",
      state: "STATE123",
    });
    expect(sessionStorage.getItem("oauth_return_to")).toBe("/app/logs");
  });

  it("refuses an OIDC authorization endpoint that is not http(s) without asking the server", async () => {
    const fetchMock = mockFetch();
    renderAuth(<OAuthLoginButtons />, { ...oidcStatus, oidc_authorization_endpoint: "javascript:alert(1)" });
    fireEvent.click(screen.getByTestId("oauth-login-oidc"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("OIDC 登录尚未配置完整，请联系管理员"));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hardNavigate).not.toHaveBeenCalled();
  });
});

describe("OAuthBinding", () => {
  it("binds through the same round trip (no invite code), and offers unbinding once bound", async () => {
    setStoredValue("aff", "INV1");
    const fetchMock = mockFetch({ body: { success: true, message: "", data: "BIND1" } });
    const { rerender } = renderAuth(<OAuthBinding provider="github" bound={false} />, oidcStatus, alice);
    fireEvent.click(screen.getByTestId("me-bind-github"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/oauth/state?provider=github");
    expect(jest.mocked(hardNavigate).mock.calls[0]![0]).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
    rerender(<div />);
    renderAuth(<OAuthBinding provider="github" bound />, oidcStatus, alice);
    expect(screen.queryByTestId("me-bind-github")).toBeNull();
    expect(screen.getByTestId("me-unbind-github")).toBeTruthy();
  });
});

describe("OAuthCallback", () => {
  const page = (extra: Partial<Parameters<typeof OAuthCallback>[0]> = {}) => (
    <OAuthCallback provider="oidc" code="C" state="S" providerError="" {...extra} />
  );

  it("shows the spinner, calls the API once (strict mode too), stores the user and goes to returnTo", async () => {
    sessionStorage.setItem("oauth_return_to", "/app/wallet");
    const fetchMock = mockFetch({ body: { success: true, message: "登录成功！", data: alice } });
    renderAuth(<StrictMode>{page()}</StrictMode>, oidcStatus);
    expect(screen.getByTestId("oauth-callback-prompt")).toHaveTextContent("处理中...");
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/app/wallet"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/oauth/oidc?code=C&state=S");
    expect(getStoredUser()).toEqual(alice);
    expect(toast.success).toHaveBeenCalledWith("登录成功！");
  });

  it("without a returnTo lands on /app/tokens", async () => {
    mockFetch({ body: { success: true, message: "", data: alice } });
    renderAuth(page(), oidcStatus);
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/app/tokens"));
  });

  it.each([
    [10, "/admin/settings"],
    [1, "/app/me"],
  ])("a bind (role %i) toasts 绑定成功！ and goes to %s", async (role, target) => {
    mockFetch({ body: { success: true, message: "bind", data: null } });
    renderAuth(page(), oidcStatus, { ...alice, role });
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith(target));
    expect(toast.success).toHaveBeenCalledWith("绑定成功！");
    expect(getStoredUser()).toBeNull();
  });

  it("a failure shows the message, then the operation-failed notice, then redirects", async () => {
    jest.useFakeTimers();
    try {
      mockFetch({ status: 403, body: { success: false, message: "state 参数为空或不匹配，请重新发起登录" } });
      renderAuth(page(), oidcStatus);
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith("错误：state 参数为空或不匹配，请重新发起登录"));
      expect(screen.getByTestId("oauth-callback-prompt")).toHaveTextContent("操作失败，正在重定向...");
      expect(hardNavigate).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(FAILURE_REDIRECT_MS));
      // Not signed in: /admin/settings would refuse, so /app/me (which asks to log in first).
      expect(hardNavigate).toHaveBeenCalledWith("/app/me");
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    [10, "/admin/settings"],
    [1, "/app/me"],
  ])("a failure (role %i) redirects to %s", async (role, target) => {
    jest.useFakeTimers();
    try {
      mockFetch({ status: 400, body: { success: false, message: "该账户已绑定" } });
      renderAuth(page(), oidcStatus, { ...alice, role });
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith("错误：该账户已绑定"));
      act(() => jest.advanceTimersByTime(FAILURE_REDIRECT_MS));
      expect(hardNavigate).toHaveBeenCalledWith(target);
    } finally {
      jest.useRealTimers();
    }
  });

  it("a refusal by the provider itself is shown without calling the API", async () => {
    const fetchMock = mockFetch();
    renderAuth(page({ providerError: "access_denied" }), oidcStatus, alice);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("OIDC 未完成授权：access_denied"));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
