import "server-only";

// PUT /api/user/setting: merges the sent fields into the caller's stored setting (each /app/me tab
// saves its own fields). A webhook URL is checked against the outbound guard before it is stored
// (public address, resolvable), so a private target is refused at save time, not only at delivery.
// A notification address other than the account's own e-mail (and than the one already stored) must
// come with the code mailed to it (review 3 L9): otherwise any user could make the gateway mail any
// address. new-api checks only that it contains "@".
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { checkOutboundUrl, type OutboundRefusal } from "@/lib/server/net/outbound-url";
import { outboundPolicy } from "@/lib/server/net/safe-fetch";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { webhookUrlIssue, type UserSettingInput } from "@/modules/profile/schemas/user-setting";
import { normalizeEmail } from "@/modules/users/server";
import { verifyEmailCode } from "@/modules/auth/server";

const REFUSAL_MESSAGE: Record<OutboundRefusal, ServerMessageKey> = {
  invalid_url: "notify_webhook_url_invalid",
  https_required: "notify_webhook_url_https",
  credentials: "notify_webhook_url_credentials",
  private_address: "notify_webhook_url_private",
  unresolvable: "notify_webhook_url_unresolvable",
};

function parseStored(setting: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(setting);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An address the user has not proven to own needs its mailed code (consumed here). */
async function checkNotificationEmail(
  email: string | undefined,
  code: string | undefined,
  accountEmail: string,
  stored: Record<string, unknown>,
): Promise<void> {
  if (!email) return;
  const address = normalizeEmail(email);
  const current = typeof stored.notification_email === "string" ? normalizeEmail(stored.notification_email) : "";
  if (address === normalizeEmail(accountEmail) || address === current) return;
  if (!code) throw new AppError("bad_request", "notify_email_code_required");
  await verifyEmailCode(address, code);
}

export async function updateUserSetting(userId: number, input: UserSettingInput): Promise<void> {
  const policy = outboundPolicy();
  if (input.webhook_url) {
    const issue = webhookUrlIssue(input.webhook_url, policy.allowLoopback);
    if (issue) throw new AppError("bad_request", issue);
  }
  const row = await db().user.findUnique({ where: { id: userId }, select: { setting: true, email: true } });
  if (!row) throw new AppError("not_found", "user_not_found");
  const stored = parseStored(row.setting);
  const { webhook_secret, clear_webhook_secret, notification_email_code, ...fields } = input;
  await checkNotificationEmail(fields.notification_email, notification_email_code, row.email, stored);
  const next: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) next[key] = value;
  if (clear_webhook_secret) delete next.webhook_secret;
  else if (webhook_secret) next.webhook_secret = webhook_secret;

  // The network rules apply to the URL that will be used: when webhooks are (or stay) selected.
  const url = typeof next.webhook_url === "string" ? next.webhook_url : "";
  if (next.notify_type === "webhook") {
    if (!url) throw new AppError("bad_request", "notify_webhook_url_required");
    if (input.webhook_url !== undefined || input.notify_type !== undefined) {
      const check = await checkOutboundUrl(url, policy);
      if (!check.ok) throw new AppError("bad_request", REFUSAL_MESSAGE[check.reason]);
    }
  }

  await db().user.update({ where: { id: userId }, data: { setting: JSON.stringify(next) } });
  // The relay reads accept_unset_model_ratio_model, show_ip_in_logs and the notification target
  // from its cached user.
  invalidateUser(userId);
}
