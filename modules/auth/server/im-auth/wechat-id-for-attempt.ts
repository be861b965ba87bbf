import "server-only";

// A WeChat code is short and lives three minutes, so guessing codes is the way to hijack a WeChat
// sign-in. Wrong codes therefore count as failed logins of the client address (the limiter of
// password login, LOGIN_RATE_LIMIT per LOGIN_RATE_LIMIT_WINDOW) and a blocked address is refused
// before the WeChat server is asked.
import { AppError } from "@/lib/server/http/app-error";
import { blockedFor, consume } from "@/lib/server/http/rate-limit";
import { weChatIdByCode } from "@/modules/auth/server/oauth-providers/wechat";

export async function weChatIdForAttempt(code: string, ip: string): Promise<string> {
  const wait = await blockedFor("login_failures", ip);
  if (wait > 0) throw new AppError("rate_limited", "login_too_many_failures", { seconds: wait });
  try {
    return await weChatIdByCode(code);
  } catch (err) {
    if (err instanceof AppError && err.key === "im_wechat_code_invalid") await consume("login_failures", ip);
    throw err;
  }
}
