// Admin message payloads, shared by the
// /api/admin/messages routes and the create/edit drawers. Messages are server message keys.
import { z } from "zod";
import { pageQuerySchema } from "@/lib/schemas/pagination";

export const MESSAGE_FORMATS = ["markdown", "html"] as const;
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

export const MESSAGE_TITLE_MAX = 200;
/** Bodies are shown in an inbox, not a CMS: 64k characters is far beyond any real announcement. */
export const MESSAGE_CONTENT_MAX = 65_536;
/** One message fans out into one row per recipient; keep a single send bounded. */
export const MESSAGE_RECIPIENTS_MAX = 1000;
/** Recipient picker page size and the edit drawer's recipient list page size. */
export const RECIPIENT_PICKER_PAGE_SIZE = 20;
export const RECIPIENT_LIST_PAGE_SIZE = 10;

const title = z
  .string({ error: "message_title_required" })
  .trim()
  .min(1, "message_title_required")
  .max(MESSAGE_TITLE_MAX, "message_title_too_long");

const content = z
  .string({ error: "message_content_required" })
  .refine((v) => v.trim().length > 0, "message_content_required")
  .refine((v) => v.length <= MESSAGE_CONTENT_MAX, "message_content_too_long");

const format = z.enum(MESSAGE_FORMATS, { error: "message_format_invalid" });

export const createMessageSchema = z.object({
  title,
  content,
  format: format.default("markdown"),
  user_ids: z
    .array(
      z
        .number({ error: "message_recipients_invalid_id" })
        .int("message_recipients_invalid_id")
        .positive("message_recipients_invalid_id"),
      {
        error: "message_recipients_required",
      },
    )
    .min(1, "message_recipients_required")
    .max(MESSAGE_RECIPIENTS_MAX, "message_recipients_too_many"),
});
export type CreateMessageInput = z.infer<typeof createMessageSchema>;

// Edit: title and content required; the format is kept when not sent.
export const updateMessageSchema = z.object({ title, content, format: format.optional() });
export type UpdateMessageInput = z.infer<typeof updateMessageSchema>;

const isoDate = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === "" || !Number.isNaN(Date.parse(v)), "message_date_invalid")
  .default("");

export const messageSearchQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(200).default(""),
  start_date: isoDate,
  end_date: isoDate,
});
export type MessageSearchQuery = z.infer<typeof messageSearchQuerySchema>;
