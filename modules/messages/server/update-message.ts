import "server-only";

// Edits a sent message's title, body and format; recipients and their read state are kept.
import type { UpdateMessageInput } from "@/modules/messages/schemas";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { prepareMessageBody } from "@/modules/messages/server/prepare-message-body";

export async function updateMessage(id: number, input: UpdateMessageInput): Promise<void> {
  const current = await db().message.findFirst({ where: { id, deletedAt: null }, select: { format: true } });
  if (!current) throw new AppError("not_found", "message_not_found");
  const format = input.format ?? (current.format === "html" ? "html" : "markdown");
  const { title, content } = prepareMessageBody(input.title, input.content, format);
  await db().message.update({ where: { id }, data: { title, content, format } });
}
