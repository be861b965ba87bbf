import "server-only";

// The shapes in which admin messages, inbox messages and recipients leave the server.
// HTML bodies are cleaned again on the way out, so rows written before a sanitizer change (or by
// hand in the database) can never reach a browser with scripts in them.
import type { MessageFormat } from "@/modules/messages/schemas";
import { sanitizeUserHtml } from "@/lib/server/sanitize";

type MessageRow = { id: number; title: string; content: string; format: string; createdAt: Date };

function formatOf(format: string): MessageFormat {
  return format === "html" ? "html" : "markdown";
}

/** The stored body as it may be shown: html is sanitized, markdown is text (rendered without raw HTML). */
export function safeContent(content: string, format: string): string {
  return formatOf(format) === "html" ? sanitizeUserHtml(content) : content;
}

/** What admins and recipients both see of a message. */
function messageFields(m: MessageRow) {
  return {
    id: m.id,
    title: m.title,
    content: safeContent(m.content, m.format),
    format: formatOf(m.format),
    created_at: m.createdAt.toISOString(),
  };
}

export function toAdminMessageDto(m: MessageRow, stats: { total_recipients: number; read_count?: number }) {
  return { ...messageFields(m), stats };
}

export function toInboxMessageDto(m: MessageRow, readAt: Date | null) {
  return {
    ...messageFields(m),
    read_at: readAt ? readAt.toISOString() : null,
    is_read: readAt !== null,
  };
}

export function toRecipientDto(r: {
  userId: number;
  readAt: Date | null;
  user: { username: string; displayName: string };
}) {
  return {
    user_id: r.userId,
    username: r.user.username,
    display_name: r.user.displayName,
    read_at: r.readAt ? r.readAt.toISOString() : null,
  };
}
