import "server-only";

// Delivers the relay's quota warnings (relay/settle/quota-warning.ts decides when: balance under
// the user's threshold, at most once per user per 2 h) by e-mail or webhook, as the user chose in
// PUT /api/user/setting. Runs detached from the relay response: the listener only schedules the work,
// and every failure ends in a log line (never with the webhook URL's path or the secret).
import { createHmac } from "node:crypto";
import { defaultLocale } from "@/lib/i18n/config";
import { formatQuota } from "@/lib/format";
import { logger } from "@/lib/server/logger";
import { sendMail } from "@/lib/server/mail/send-mail";
import { OutboundRefused, safeFetch } from "@/lib/server/net/safe-fetch";
import { getOptions } from "@/lib/server/options/store";
import { getUser, type CachedUser } from "@/lib/server/cache/token-cache";
import { onQuotaWarning, type QuotaWarning } from "@/relay/settle/quota-warning";
import { fillPlaceholders, quotaWarningNotice, type QuotaWarningNotice } from "@/lib/server/notify/quota-warning-text";
import { singleton } from "@/lib/server/singleton";

export type WebhookPayload = QuotaWarningNotice & { timestamp: number };

/** Hex HMAC-SHA256 of the exact body bytes, sent as X-Webhook-Signature. */
export function webhookSignature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/** A short error identifier for the log (codes like ECONNREFUSED / EAUTH; never a message with data). */
function errorCode(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown };
  return String(e?.code ?? e?.name ?? "error");
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(invalid)";
  }
}

async function sendWebhook(user: CachedUser, notice: QuotaWarningNotice): Promise<void> {
  const url = user.setting.webhook_url ?? "";
  const secret = user.setting.webhook_secret ?? "";
  const payload: WebhookPayload = { ...notice, timestamp: Math.floor(Date.now() / 1000) };
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "gateway-notify/1" };
  if (secret) {
    headers.authorization = `Bearer ${secret}`;
    headers["x-webhook-signature"] = webhookSignature(secret, body);
  }
  const log = { userId: user.id, channel: "webhook", host: hostOf(url) };
  try {
    const res = await safeFetch({ url, method: "POST", headers, body });
    if (!res.ok) logger().warn({ ...log, status: res.status }, "quota warning webhook answered a non-2xx status");
  } catch (err) {
    if (err instanceof OutboundRefused) logger().warn({ ...log, reason: err.reason }, "quota warning webhook refused");
    else logger().warn({ ...log, error: errorCode(err) }, "quota warning webhook failed");
  }
}

async function sendEmail(user: CachedUser, notice: QuotaWarningNotice): Promise<void> {
  const to = (user.setting.notification_email ?? "").trim() || user.email;
  if (!to) {
    logger().warn({ userId: user.id, channel: "email" }, "quota warning skipped: the user has no e-mail address");
    return;
  }
  try {
    await sendMail({ to, subject: notice.title, html: fillPlaceholders(notice.content, notice.values) });
  } catch (err) {
    logger().warn({ userId: user.id, channel: "email", error: errorCode(err) }, "quota warning e-mail failed");
  }
}

/** Builds the notice for this user and sends it the way their setting says (e-mail by default). */
export async function deliverQuotaWarning(w: QuotaWarning): Promise<void> {
  const user = await getUser(w.userId);
  if (!user || user.deleted) return;
  const options = await getOptions();
  const remaining = formatQuota(w.remaining, {
    inCurrency: options.bool("DisplayInCurrencyEnabled"),
    quotaPerUnit: options.num("QuotaPerUnit") || 500_000,
  });
  const server = options.str("ServerAddress").replace(/\/+$/, "");
  const notice = quotaWarningNotice(defaultLocale, remaining, `${server}/app/wallet`);
  if (user.setting.notify_type === "webhook") await sendWebhook(user, notice);
  else await sendEmail(user, notice);
}

const registered = singleton("notify.quota-warning-listener", () => ({ done: false }));

/** Called once at server start (server/main.ts). */
export function registerQuotaWarningDelivery(): void {
  if (registered.done) return;
  registered.done = true;
  onQuotaWarning((w) => {
    // Detach from the settle path: nothing here may delay or fail the relay response.
    setImmediate(() => {
      deliverQuotaWarning(w).catch((err: unknown) =>
        logger().warn({ userId: w.userId, error: errorCode(err) }, "quota warning delivery failed"),
      );
    });
  });
}
