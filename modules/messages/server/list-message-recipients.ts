import "server-only";

// Who a message went to and whether they have read it (the edit drawer's recipient list).
import { readPage, type PageQuery } from "@/lib/schemas/pagination";
import { db } from "@/lib/server/db";
import { toRecipientDto } from "@/modules/messages/server/dto";
import { AppError } from "@/lib/server/http/app-error";

const recipientSelect = {
  userId: true,
  readAt: true,
  user: { select: { username: true, displayName: true } },
} as const;

export async function listMessageRecipients(messageId: number, opts: PageQuery) {
  const exists = await db().message.findFirst({ where: { id: messageId, deletedAt: null }, select: { id: true } });
  if (!exists) throw new AppError("not_found", "message_not_found");
  const where = { messageId };
  return readPage(
    opts,
    (window) =>
      db().messageRecipient.findMany({ where, orderBy: { userId: "asc" }, select: recipientSelect, ...window }),
    () => db().messageRecipient.count({ where }),
    toRecipientDto,
  );
}
