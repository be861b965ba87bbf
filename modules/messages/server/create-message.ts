import "server-only";

// Sends one admin message to a set of users. HTML is sanitized before it
// is stored; every recipient must be an existing, not deleted user.
import type { CreateMessageInput } from "@/modules/messages/schemas";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { prepareMessageBody } from "@/modules/messages/server/prepare-message-body";

export async function createMessage(input: CreateMessageInput, createdBy: number): Promise<{ id: number }> {
  const { title, content } = prepareMessageBody(input.title, input.content, input.format);
  const userIds = [...new Set(input.user_ids)];
  const found = await db().user.findMany({
    where: { id: { in: userIds }, deletedAt: null },
    select: { id: true },
  });
  if (found.length !== userIds.length) {
    const known = new Set(found.map((u) => u.id));
    const missing = userIds.filter((id) => !known.has(id));
    throw new AppError("bad_request", "message_recipients_invalid", { ids: missing.slice(0, 10).join(", ") });
  }
  const message = await db().message.create({
    data: {
      title,
      content,
      format: input.format,
      createdBy,
      recipients: { create: userIds.map((userId) => ({ userId })) },
    },
    select: { id: true },
  });
  return { id: message.id };
}
