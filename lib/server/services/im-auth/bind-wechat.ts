// GET|POST /api/oauth/wechat/bind?code=: binds the WeChat id behind the code to the signed-in user.
import { weChatIdByCode } from "@/lib/server/oauth/wechat";
import { assertImEnabled } from "@/lib/server/services/im-auth/assert-im-enabled";
import { bindImAccount } from "@/lib/server/services/im-auth/bind-im-account";

export async function bindWeChat(userId: number, code: string): Promise<void> {
  await assertImEnabled("wechat");
  await bindImAccount(userId, "wechat", await weChatIdByCode(code));
}
