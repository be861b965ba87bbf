import "server-only";

// Deletes a message for everyone: it leaves the admin table, every inbox and the unread counts.
// Soft delete (deletedAt) keeps the row for audits, like users.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";

export async function deleteMessage(id: number): Promise<void> {
  const { count } = await db().message.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
  if (count === 0) throw new AppError("not_found", "message_not_found");
}
