// The WeChat and Telegram entries under the password form: hidden unless enabled in /api/status;
// WeChat opens the QR-code dialog and signs in with the code; the Telegram widget's callback signs
// in with the fields it was given, unchanged.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { ImLogin } from "@/modules/auth/components/im-login";
import { TELEGRAM_WIDGET_SCRIPT } from "@/modules/auth/components/telegram-widget";
import { hardNavigate } from "@/lib/client/navigate";
import { getStoredUser } from "@/lib/client/storage";
import { fakeStatus, mockFetch, renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/client/navigate", () => ({ hardNavigate: jest.fn() }));

const user = { id: 9, username: "wechat_9", display_name: "WeChat User", role: 1, status: 1, group: "default" };

beforeEach(() => localStorage.clear());

describe("ImLogin", () => {
  it("renders nothing when neither provider is enabled", () => {
    renderAuth(<ImLogin />);
    expect(screen.queryByTestId("im-login")).toBeNull();
  });

  it("WeChat: QR code dialog, code required, then signs in and leaves", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "登录成功！", data: user } });
    renderAuth(<ImLogin />, fakeStatus({ wechat_login: true, wechat_qrcode: "https://example.com/qr.png" }));
    expect(screen.queryByTestId("telegram-login")).toBeNull();
    fireEvent.click(screen.getByTestId("wechat-login-button"));
    expect(await screen.findByTestId("wechat-qrcode")).toHaveAttribute("src", "https://example.com/qr.png");

    fireEvent.click(screen.getByTestId("wechat-code-submit"));
    expect(await screen.findByText("请输入微信验证码")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId("wechat-code"), { target: { value: " 123456 " } });
    fireEvent.click(screen.getByTestId("wechat-code-submit"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/app/tokens"));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/oauth/wechat?code=123456");
    expect(getStoredUser()).toMatchObject({ id: 9 });
    expect(toast.success).toHaveBeenCalledWith("登录成功！");
  });

  it("Telegram: the widget is configured with the bot, its callback signs in with its fields", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "登录成功！", data: user } });
    renderAuth(<ImLogin />, fakeStatus({ telegram_oauth: true, telegram_bot_name: "gw_bot" }));
    const host = screen.getByTestId("telegram-login");
    const script = host.querySelector<HTMLScriptElement>("script")!;
    expect(script.src).toBe(TELEGRAM_WIDGET_SCRIPT);
    expect(script.getAttribute("data-telegram-login")).toBe("gw_bot");
    // what telegram-widget.js does after the user confirms: evaluate data-onauth with `user`
    const widgetUser = {
      id: 5550001,
      first_name: "Tele",
      username: "tg",
      auth_date: 1700000000,
      hash: "ab".repeat(32),
    };
    act(() => new Function("user", script.getAttribute("data-onauth")!)(widgetUser));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `/api/oauth/telegram/login?id=5550001&first_name=Tele&username=tg&auth_date=1700000000&hash=${"ab".repeat(32)}`,
    );
  });
});
