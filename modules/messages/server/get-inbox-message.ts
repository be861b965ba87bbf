import "server-only";

// One message of the caller's own inbox. Someone else's message answers exactly like a missing one,
// so ids cannot be probed.
import { db } from "@/lib/server/db";
import { toInboxMessageDto } from "@/modules/messages/server/dto";
import { AppError } from "@/lib/server/http/app-error";

export async function getInboxMessage(userId: number, messageId: number) {
  const row = await db().messageRecipient.findFirst({
    where: { userId, messageId, message: { deletedAt: null } },
    select: {
      readAt: true,
      message: { select: { id: true, title: true, content: true, format: true, createdAt: true } },
    },
  });
  if (!row) throw new AppError("not_found", "message_not_found");
  return toInboxMessageDto(row.message, row.readAt);
}
