// Reads the personal settings out of GET /api/user/self (its `setting` is a JSON string; the
// webhook secret itself never comes back, only webhook_secret_set). Unknown or malformed values
// fall back to the defaults (threshold 500000, e-mail notifications).
import { z } from "zod";
import { NOTIFY_TYPES, QUOTA_WARNING_DEFAULT, type UserSettingView } from "@/modules/profile/schemas/user-setting";

const storedSetting = z.object({
  notify_type: z.enum(NOTIFY_TYPES).catch("email"),
  quota_warning_threshold: z.number().int().positive().catch(QUOTA_WARNING_DEFAULT),
  webhook_url: z.string().catch(""),
  notification_email: z.string().catch(""),
  accept_unset_model_ratio_model: z.boolean().catch(false),
  show_ip_in_logs: z.boolean().catch(false),
});

const selfShape = z.object({
  setting: z.string().catch("{}"),
  email: z.string().catch(""),
  webhook_secret_set: z.boolean().catch(false),
});

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export type SettingsSnapshot = { view: UserSettingView; accountEmail: string };

export function readSettingsSnapshot(account: unknown): SettingsSnapshot {
  const self = selfShape.parse(account && typeof account === "object" ? account : {});
  const stored = storedSetting.parse(parseJsonObject(self.setting));
  return { view: { ...stored, webhook_secret_set: self.webhook_secret_set }, accountEmail: self.email };
}
