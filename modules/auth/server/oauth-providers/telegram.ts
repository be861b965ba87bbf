import "server-only";

// Verifies the data the Telegram login widget hands the browser (core.telegram.org/widgets/login):
// data-check-string = every received field but `hash`, as "key=value", sorted by key, joined by
// "\n"; hash = hex(HMAC-SHA256(data-check-string, key = SHA256(bot token))). Compared in constant
// time. auth_date must be recent (peers accept any age, so a leaked widget URL logs in forever).
// Pure: the caller supplies the bot token and the clock.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** How old the widget data may be (one day) and how far ahead a skewed clock may put it. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;
export const TELEGRAM_MAX_SKEW_SECONDS = 60;

export type TelegramIdentity = { id: string; username: string; firstName: string; lastName: string };
export type TelegramCheck = { ok: true; identity: TelegramIdentity } | { ok: false; reason: "invalid" | "expired" };

/** hex HMAC of the data-check-string of `fields` (hash excluded), keyed by SHA-256 of the token. */
export function telegramHash(fields: Record<string, string>, botToken: string): string {
  const dataCheckString = Object.keys(fields)
    .filter((k) => k !== "hash")
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  return createHmac("sha256", secret).update(dataCheckString).digest("hex");
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

function hashMatches(fields: Record<string, string>, botToken: string, hash: string): boolean {
  if (sameHex(telegramHash(fields, botToken), hash)) return true;
  // The spec's client may add `lang` beside the widget's fields; Telegram never signs it, so the
  // hash is also accepted over the fields without it. Nothing here reads `lang`.
  if ("lang" in fields) {
    const { lang: _lang, ...signed } = fields;
    return sameHex(telegramHash(signed, botToken), hash);
  }
  return false;
}

export function verifyTelegramLogin(
  fields: Record<string, string>,
  botToken: string,
  nowSeconds: number,
): TelegramCheck {
  const hash = (fields.hash ?? "").toLowerCase();
  if (!botToken || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: "invalid" };
  if (!/^[1-9]\d{0,19}$/.test(fields.id ?? "") || !/^\d{1,12}$/.test(fields.auth_date ?? "")) {
    return { ok: false, reason: "invalid" };
  }
  if (!hashMatches(fields, botToken, hash)) return { ok: false, reason: "invalid" };
  const age = nowSeconds - Number(fields.auth_date);
  if (age > TELEGRAM_MAX_AGE_SECONDS) return { ok: false, reason: "expired" };
  if (age < -TELEGRAM_MAX_SKEW_SECONDS) return { ok: false, reason: "invalid" };
  return {
    ok: true,
    identity: {
      id: fields.id!,
      username: fields.username ?? "",
      firstName: fields.first_name ?? "",
      lastName: fields.last_name ?? "",
    },
  };
}
