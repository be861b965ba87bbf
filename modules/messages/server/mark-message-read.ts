import "server-only";

// Marks one of the caller's messages read. Idempotent: read_at is set the first time only.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";

export async function markMessageRead(userId: number, messageId: number): Promise<{ read_at: string }> {
  const where = { userId, messageId, message: { deletedAt: null } };
  await db().messageRecipient.updateMany({ where: { ...where, readAt: null }, data: { readAt: new Date() } });
  const row = await db().messageRecipient.findFirst({ where, select: { readAt: true } });
  if (!row?.readAt) throw new AppError("not_found", "message_not_found");
  return { read_at: row.readAt.toISOString() };
}
