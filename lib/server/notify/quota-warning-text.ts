import "server-only";

// The quota-warning notification text. The content keeps {{value}}
// placeholders, filled in order from `values` (webhook receivers get both; e-mails are filled in).
import type { Locale } from "@/lib/i18n/config";

export const QUOTA_WARNING_TYPE = "quota_exceed";

const TEXT: Record<Locale, { title: string; content: string }> = {
  zh: {
    title: "您的额度即将用尽",
    content:
      "{{value}}，当前剩余额度为 {{value}}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='{{value}}'>{{value}}</a>",
  },
  en: {
    title: "Your quota is running out",
    content:
      "{{value}}. Your remaining quota is {{value}}. Please top up in time to keep using the service.<br/>Top-up link: <a href='{{value}}'>{{value}}</a>",
  },
};

export type QuotaWarningNotice = { type: string; title: string; content: string; values: string[] };

/** values: the prompt, the remaining quota as displayed, and the top-up link (twice: href and text). */
export function quotaWarningNotice(locale: Locale, remainingDisplay: string, topUpLink: string): QuotaWarningNotice {
  const { title, content } = TEXT[locale];
  return { type: QUOTA_WARNING_TYPE, title, content, values: [title, remainingDisplay, topUpLink, topUpLink] };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The content with every {{value}} replaced in order by its HTML-escaped value. */
export function fillPlaceholders(content: string, values: readonly string[]): string {
  let i = 0;
  return content.replace(/\{\{value\}\}/g, () => escapeHtml(values[i++] ?? ""));
}
