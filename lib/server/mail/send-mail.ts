import "server-only";

// Sends one e-mail through the SMTP server configured in the options (SMTPServer, SMTPPort,
// SMTPAccount, SMTPToken, SMTPFrom, SMTPSSLEnabled). Generic on purpose: quota warnings use it today,
// verification and password-reset mails can reuse it. When no SMTP server is configured the mail is
// skipped with a (rate-limited) warning in the server log instead of an error.
import { logger } from "@/lib/server/logger";
import { getOptions } from "@/lib/server/options/store";
import { singleton } from "@/lib/server/singleton";

export type MailMessage = {
  to: string;
  subject: string;
  /** HTML body; a plain-text alternative is derived when `text` is not given. */
  html?: string;
  text?: string;
};

export type MailResult = { sent: true; messageId: string } | { sent: false; reason: "smtp_not_configured" };

const TIMEOUT_MS = 15_000;
const WARN_EVERY_MS = 60 * 60 * 1000;
const warned = singleton("mail.unconfigured-warning", () => ({ at: 0 }));

function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Throws the transport error when the SMTP server refuses or cannot be reached. */
export async function sendMail(message: MailMessage): Promise<MailResult> {
  const o = await getOptions();
  const host = o.str("SMTPServer").trim();
  if (!host) {
    if (Date.now() - warned.at > WARN_EVERY_MS) {
      warned.at = Date.now();
      logger().warn("mail skipped: no SMTP server configured (SMTPServer option is empty)");
    }
    return { sent: false, reason: "smtp_not_configured" };
  }
  const account = o.str("SMTPAccount").trim();
  const password = o.str("SMTPToken");
  const port = o.num("SMTPPort") || 587;
  // Loaded on the first mail: most processes never send one, and nodemailer is ~2 MB of heap.
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport({
    host,
    port,
    // Implicit TLS (usually port 465); otherwise STARTTLS is used whenever the server offers it.
    secure: o.bool("SMTPSSLEnabled"),
    auth: account ? { user: account, pass: password } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    const from = o.str("SMTPFrom").trim() || account;
    const systemName = o.str("SystemName");
    const info = await transport.sendMail({
      from: systemName && from ? { name: systemName, address: from } : from || undefined,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text ?? (message.html ? htmlToText(message.html) : undefined),
    });
    return { sent: true, messageId: String(info.messageId ?? "") };
  } finally {
    transport.close();
  }
}
