import "server-only";

// The texts of the account mails (verification code, password-reset link), in the requester's
// language, with the system name. Every interpolated value is HTML-escaped: the system name is
// admin-provided and the link carries the address the visitor typed.
import type { Locale } from "@/lib/i18n/config";
import type { MailMessage } from "@/lib/server/mail/send-mail";
import { serverMessage, type ServerMessageKey } from "@/lib/server/i18n/server-messages";

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function texts(locale: Locale, params: Record<string, string | number>) {
  const safe = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(String(v))]));
  return {
    plain: (key: ServerMessageKey) => serverMessage(locale, key, params),
    html: (key: ServerMessageKey) => serverMessage(locale, key, safe),
  };
}

function wrap(lines: string[]): string {
  return `<div style="font-family:sans-serif;font-size:14px;line-height:1.6">${lines.map((l) => `<p>${l}</p>`).join("")}</div>`;
}

export function verificationCodeMail(
  locale: Locale,
  p: { to: string; systemName: string; code: string; minutes: number },
): MailMessage {
  const t = texts(locale, { system: p.systemName, minutes: p.minutes });
  return {
    to: p.to,
    subject: t.plain("mail_verify_subject"),
    html: wrap([
      t.html("mail_verify_intro"),
      `${t.html("mail_verify_code")} <strong style="font-size:20px;letter-spacing:2px">${escapeHtml(p.code)}</strong>`,
      t.html("mail_verify_expiry"),
    ]),
  };
}

export function passwordResetMail(
  locale: Locale,
  p: { to: string; systemName: string; link: string; minutes: number },
): MailMessage {
  const t = texts(locale, { system: p.systemName, minutes: p.minutes });
  const link = escapeHtml(p.link);
  return {
    to: p.to,
    subject: t.plain("mail_reset_subject"),
    html: wrap([
      t.html("mail_reset_intro"),
      `<a href="${link}">${t.html("mail_reset_action")}</a>`,
      `${t.html("mail_reset_fallback")}<br/>${link}`,
      t.html("mail_reset_expiry"),
    ]),
  };
}
