import "server-only";

// GET /api/oauth/telegram/bind?<widget fields>: binds the verified Telegram id to the signed-in user.
import { assertImEnabled } from "@/modules/auth/server/im-auth/assert-im-enabled";
import { bindImAccount } from "@/modules/auth/server/im-auth/bind-im-account";
import { verifiedTelegramId } from "@/modules/auth/server/im-auth/verified-telegram-id";

export async function bindTelegram(userId: number, fields: Record<string, string>): Promise<void> {
  await assertImEnabled("telegram");
  await bindImAccount(userId, "telegram", await verifiedTelegramId(fields));
}
