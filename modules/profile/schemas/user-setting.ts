// Personal settings (PUT /api/user/setting), shared by the route and the
// /app/me settings tabs. Every field is optional: each tab saves its own fields and the server merges
// them into the stored setting. An empty webhook_secret means "keep the stored one";
// clear_webhook_secret removes it.
import { z } from "zod";

export const NOTIFY_TYPES = ["email", "webhook"] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

/** The threshold shown when none is stored, and the preset buttons. */
export const QUOTA_WARNING_DEFAULT = 500_000;
export const QUOTA_WARNING_PRESETS = [100_000, 500_000, 1_000_000, 5_000_000] as const;

export const WEBHOOK_URL_MAX = 1024;
export const WEBHOOK_SECRET_MAX = 256;
export const NOTIFICATION_EMAIL_MAX = 100;

const emailFormat = z.email();

/**
 * The syntactic webhook URL rule (the network rules run on the server): an absolute https URL;
 * http is only accepted where the server runs in its test-only loopback mode.
 */
export function webhookUrlIssue(
  url: string,
  allowHttp: boolean,
): "notify_webhook_url_invalid" | "notify_webhook_url_https" | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "notify_webhook_url_invalid";
  }
  if (parsed.protocol === "https:") return null;
  if (parsed.protocol === "http:") return allowHttp ? null : "notify_webhook_url_https";
  return "notify_webhook_url_invalid";
}

const settingShape = {
  notify_type: z.enum(NOTIFY_TYPES, "notify_type_invalid"),
  quota_warning_threshold: z
    .number("notify_threshold_invalid")
    .int("notify_threshold_invalid")
    .positive("notify_threshold_invalid")
    .max(Number.MAX_SAFE_INTEGER, "notify_threshold_invalid"),
  webhook_url: z.string().trim().max(WEBHOOK_URL_MAX, "notify_webhook_url_too_long"),
  webhook_secret: z.string().max(WEBHOOK_SECRET_MAX, "notify_webhook_secret_too_long"),
  clear_webhook_secret: z.boolean(),
  notification_email: z
    .string()
    .trim()
    .max(NOTIFICATION_EMAIL_MAX, "notify_email_invalid")
    .refine((v) => v === "" || emailFormat.safeParse(v).success, "notify_email_invalid"),
  /** The code mailed to notification_email (GET /api/verification) when it is not the account's address. */
  notification_email_code: z.string().trim().max(32, "notify_email_code_required"),
  accept_unset_model_ratio_model: z.boolean(),
  show_ip_in_logs: z.boolean(),
};

/** The request body. `allowHttp` is true only on a server in the test-only loopback mode. */
export function userSettingSchema(allowHttp: boolean) {
  return z
    .object(settingShape)
    .partial()
    .superRefine((v, ctx) => {
      if (v.notify_type === "webhook" && !v.webhook_url) {
        ctx.addIssue({ code: "custom", path: ["webhook_url"], message: "notify_webhook_url_required" });
        return;
      }
      if (v.webhook_url) {
        const issue = webhookUrlIssue(v.webhook_url, allowHttp);
        if (issue) ctx.addIssue({ code: "custom", path: ["webhook_url"], message: issue });
      }
    });
}

export type UserSettingInput = z.output<ReturnType<typeof userSettingSchema>>;

/** The stored setting as the owner sees it (webhook_secret never leaves the server). */
export type UserSettingView = {
  notify_type: NotifyType;
  quota_warning_threshold: number;
  webhook_url: string;
  webhook_secret_set: boolean;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
  show_ip_in_logs: boolean;
};
