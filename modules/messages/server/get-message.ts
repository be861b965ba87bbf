import "server-only";

// One admin message with its stats (message ID, created time, recipient count, read count).
import { db } from "@/lib/server/db";
import { toAdminMessageDto } from "@/modules/messages/server/dto";
import { AppError } from "@/lib/server/http/app-error";

export async function getMessage(id: number) {
  const message = await db().message.findFirst({
    where: { id, deletedAt: null },
    select: { id: true, title: true, content: true, format: true, createdAt: true },
  });
  if (!message) throw new AppError("not_found", "message_not_found");
  const [total, read] = await Promise.all([
    db().messageRecipient.count({ where: { messageId: id } }),
    db().messageRecipient.count({ where: { messageId: id, readAt: { not: null } } }),
  ]);
  return toAdminMessageDto(message, { total_recipients: total, read_count: read });
}
