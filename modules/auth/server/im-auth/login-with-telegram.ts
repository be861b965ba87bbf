import "server-only";

// GET /api/oauth/telegram/login?<widget fields>: signs in the account the Telegram id is bound to.
// Telegram never registers accounts: an unbound id is told to bind first.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { assertImEnabled } from "@/modules/auth/server/im-auth/assert-im-enabled";
import { signInBoundUser } from "@/modules/auth/server/im-auth/sign-in-bound-user";
import { verifiedTelegramId } from "@/modules/auth/server/im-auth/verified-telegram-id";
import type { LoggedInUser } from "@/modules/auth/server/login-user";

export async function loginWithTelegram(fields: Record<string, string>): Promise<LoggedInUser> {
  await assertImEnabled("telegram");
  const telegramId = await verifiedTelegramId(fields);
  const holder = await db().user.findFirst({ where: { telegramId }, select: { id: true }, orderBy: { id: "asc" } });
  if (!holder) throw new AppError("bad_request", "im_telegram_not_bound");
  return signInBoundUser(holder.id);
}
