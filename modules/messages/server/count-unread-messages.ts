import "server-only";

import { db } from "@/lib/server/db";

export function countUnreadMessages(userId: number): Promise<number> {
  return db().messageRecipient.count({ where: { userId, readAt: null, message: { deletedAt: null } } });
}
