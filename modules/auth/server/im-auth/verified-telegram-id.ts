import "server-only";

// The Telegram id of widget data whose hash checks out against the configured bot token and whose
// auth_date is recent; otherwise the refusal to show.
import { AppError } from "@/lib/server/http/app-error";
import { verifyTelegramLogin } from "@/modules/auth/server/oauth-providers/telegram";
import { getOption } from "@/lib/server/options/store";

export async function verifiedTelegramId(fields: Record<string, string>): Promise<string> {
  const check = verifyTelegramLogin(fields, await getOption("TelegramBotToken"), Math.floor(Date.now() / 1000));
  if (!check.ok)
    throw new AppError("bad_request", check.reason === "expired" ? "im_telegram_expired" : "im_telegram_invalid");
  return check.identity.id;
}
