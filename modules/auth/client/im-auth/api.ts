// Typed calls of the WeChat and Telegram sign-in.
import { apiData, apiFetch } from "@/lib/client/api";
import type { StoredUser } from "@/lib/client/storage";
import type { TelegramWidgetUser } from "@/modules/auth/schemas/im-auth";

/**
 * The widget's fields exactly as Telegram signed them (id, first_name, last_name, username,
 * photo_url, auth_date, hash): the server's hash check covers every one, so none is dropped or added.
 */
export function telegramQuery(user: TelegramWidgetUser): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(user)) if (typeof v === "string" || typeof v === "number") out[k] = String(v);
  return out;
}

/** GET /api/oauth/wechat?code=: signs in (or registers); data is the user to store. */
export const weChatLogin = (code: string) => apiData<StoredUser>("/api/oauth/wechat", { query: { code } });
/** GET /api/oauth/wechat/bind?code=: binds WeChat to the signed-in user; resolves to the message. */
export const weChatBind = (code: string) =>
  apiFetch<null>("/api/oauth/wechat/bind", { query: { code } }).then((r) => r.message);
/** GET /api/oauth/telegram/login?<widget fields>: signs in the account bound to that Telegram id. */
export const telegramLogin = (user: TelegramWidgetUser) =>
  apiData<StoredUser>("/api/oauth/telegram/login", { query: telegramQuery(user) });
/** GET /api/oauth/telegram/bind?<widget fields>: binds Telegram to the signed-in user. */
export const telegramBind = (user: TelegramWidgetUser) =>
  apiFetch<null>("/api/oauth/telegram/bind", { query: telegramQuery(user) }).then((r) => r.message);
