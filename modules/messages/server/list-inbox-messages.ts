import "server-only";

// A user's own inbox, newest first, with read state.
import { readPage, type PageQuery } from "@/lib/schemas/pagination";
import { db } from "@/lib/server/db";
import { toInboxMessageDto } from "@/modules/messages/server/dto";

const inboxSelect = {
  readAt: true,
  message: { select: { id: true, title: true, content: true, format: true, createdAt: true } },
} as const;

export async function listInboxMessages(userId: number, opts: PageQuery) {
  const where = { userId, message: { deletedAt: null } };
  return readPage(
    opts,
    (window) =>
      db().messageRecipient.findMany({ where, orderBy: { messageId: "desc" }, select: inboxSelect, ...window }),
    () => db().messageRecipient.count({ where }),
    (r) => toInboxMessageDto(r.message, r.readAt),
  );
}
