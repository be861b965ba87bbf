import "server-only";

// GET|POST /api/oauth/wechat/bind?code=: binds the WeChat id behind the code to the signed-in user.
import { assertImEnabled } from "@/modules/auth/server/im-auth/assert-im-enabled";
import { bindImAccount } from "@/modules/auth/server/im-auth/bind-im-account";
import { weChatIdForAttempt } from "@/modules/auth/server/im-auth/wechat-id-for-attempt";

export async function bindWeChat(userId: number, code: string, ip: string): Promise<void> {
  await assertImEnabled("wechat");
  await bindImAccount(userId, "wechat", await weChatIdForAttempt(code, ip));
}
