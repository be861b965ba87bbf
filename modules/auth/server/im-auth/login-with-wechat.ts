import "server-only";

// GET /api/oauth/wechat?code=: the code from the WeChat official account signs in the account bound
// to that WeChat id, registering one when none is (and registration is open).
import { assertImEnabled } from "@/modules/auth/server/im-auth/assert-im-enabled";
import { findOrRegisterWeChatUser } from "@/modules/auth/server/im-auth/find-or-register-wechat-user";
import { signInBoundUser } from "@/modules/auth/server/im-auth/sign-in-bound-user";
import { weChatIdForAttempt } from "@/modules/auth/server/im-auth/wechat-id-for-attempt";
import type { LoggedInUser } from "@/modules/auth/server/login-user";

export async function loginWithWeChat(code: string, ip: string): Promise<LoggedInUser> {
  await assertImEnabled("wechat");
  const wechatId = await weChatIdForAttempt(code, ip);
  return signInBoundUser(await findOrRegisterWeChatUser(wechatId));
}
