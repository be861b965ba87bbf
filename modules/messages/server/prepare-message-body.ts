import "server-only";

// What is stored for a message body: html goes through the maintained sanitizer (sanitize-html) first.
// A body that sanitizes to nothing visible (e.g. only a <script>) counts as empty.
import type { MessageFormat } from "@/modules/messages/schemas";
import { AppError } from "@/lib/server/http/app-error";
import { sanitizeUserHtml } from "@/lib/server/sanitize";

function hasVisibleHtml(html: string): boolean {
  return /<img\b/i.test(html) || html.replace(/<[^>]*>/g, "").trim().length > 0;
}

export function prepareMessageBody(title: string, content: string, format: MessageFormat) {
  const trimmedTitle = title.trim();
  if (!trimmedTitle) throw new AppError("bad_request", "message_title_required");
  const body = format === "html" ? sanitizeUserHtml(content) : content;
  const visible = format === "html" ? hasVisibleHtml(body) : body.trim().length > 0;
  if (!visible) throw new AppError("bad_request", "message_content_required");
  return { title: trimmedTitle, content: body };
}
