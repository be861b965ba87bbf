// Inputs of the WeChat and Telegram sign-in calls, shared by the routes and the dialogs.
// Issue messages are server message keys.
import { z } from "zod";

/** The code the WeChat official account replies with (the WeChat server issues 4–8 characters). */
export const weChatCodeSchema = z
  .string({ error: "im_wechat_code_required" })
  .trim()
  .min(1, "im_wechat_code_required")
  .max(64, "im_wechat_code_invalid");

export const weChatCodeQuerySchema = z.object({ code: weChatCodeSchema });

/** POST /api/oauth/wechat/bind: the code may come in the query (classic) or a JSON body (latest). */
export const weChatBindQuerySchema = z.object({ code: z.string().max(64, "im_wechat_code_invalid").optional() });
export const weChatBindBodySchema = z.object({ code: z.string().max(64, "im_wechat_code_invalid").optional() });

/**
 * The Telegram widget's fields (id, first_name, last_name, username, photo_url, auth_date, hash,
 * lang) kept as sent: the hash covers every field Telegram signed, so none may be dropped here.
 */
export const telegramFieldsSchema = z
  .record(z.string().max(64), z.string().max(2048))
  .refine((o) => Object.keys(o).length <= 20, "im_telegram_invalid");
export type TelegramFields = z.infer<typeof telegramFieldsSchema>;

/** What the widget's onauth callback hands the page (numbers for id and auth_date). */
export type TelegramWidgetUser = Record<string, string | number | undefined>;
