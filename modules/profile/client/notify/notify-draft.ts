// The notification tab's draft and the request body it sends. Only the chosen method's fields are
// sent, so a half-typed value of the other method never blocks a save; an empty secret is left
// out (the stored one is kept).
import type { SettingsSnapshot } from "@/modules/profile/client/notify/settings-view";
import type { NotifyType, UserSettingInput } from "@/modules/profile/schemas/user-setting";

export type NotifyDraft = {
  notify_type: NotifyType;
  threshold: string;
  notification_email: string;
  /** The code mailed to notification_email, needed when it is not the account's address. */
  notification_email_code: string;
  webhook_url: string;
  webhook_secret: string;
  clear_secret: boolean;
};

export function initialNotifyDraft({ view }: SettingsSnapshot): NotifyDraft {
  return {
    notify_type: view.notify_type,
    threshold: String(view.quota_warning_threshold),
    notification_email: view.notification_email,
    notification_email_code: "",
    webhook_url: view.webhook_url,
    webhook_secret: "",
    clear_secret: false,
  };
}

/** Whether the typed address needs a mailed code: neither the account's address nor the one saved. */
export function notifyEmailNeedsCode(d: NotifyDraft, { view, accountEmail }: SettingsSnapshot): boolean {
  const typed = d.notification_email.trim().toLowerCase();
  return typed !== "" && typed !== accountEmail.trim().toLowerCase() && typed !== view.notification_email.toLowerCase();
}

export function notifyRequestBody(d: NotifyDraft): UserSettingInput {
  const threshold = d.threshold.trim() === "" ? Number.NaN : Number(d.threshold);
  const common = { notify_type: d.notify_type, quota_warning_threshold: threshold };
  if (d.notify_type === "email") {
    const code = d.notification_email_code.trim();
    return {
      ...common,
      notification_email: d.notification_email.trim(),
      ...(code ? { notification_email_code: code } : {}),
    };
  }
  return {
    ...common,
    webhook_url: d.webhook_url.trim(),
    ...(d.webhook_secret ? { webhook_secret: d.webhook_secret } : {}),
    ...(d.clear_secret ? { clear_webhook_secret: true } : {}),
  };
}
