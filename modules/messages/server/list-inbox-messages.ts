import "server-only";

// A user's own inbox (spec 1 §2 Inbox), newest first, with read state.
import { pageResult, pageWindow, type PageQuery } from "@/lib/schemas/pagination";
import { db } from "@/lib/server/db";
import { toInboxMessageDto } from "@/modules/messages/server/dto";

export async function listInboxMessages(userId: number, opts: PageQuery) {
  const where = { userId, message: { deletedAt: null } };
  const [rows, total] = await Promise.all([
    db().messageRecipient.findMany({
      where,
      orderBy: { messageId: "desc" },
      select: {
        readAt: true,
        message: { select: { id: true, title: true, content: true, format: true, createdAt: true } },
      },
      ...pageWindow(opts.p, opts.page_size),
    }),
    db().messageRecipient.count({ where }),
  ]);
  const items = rows.map((r) => toInboxMessageDto(r.message, r.readAt));
  return pageResult(items, total, opts.p, opts.page_size);
}
