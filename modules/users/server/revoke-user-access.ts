import "server-only";

// After a ban or a deletion: drop the relay's cached user and every cached token of that user, so
// the next relay request re-reads them and is refused at once (not after SYNC_FREQUENCY).
import { db } from "@/lib/server/db";
import { invalidateToken, invalidateUser } from "@/lib/server/cache/token-cache";

export async function dropCachedAccess(userId: number): Promise<void> {
  invalidateUser(userId);
  const tokens = await db().token.findMany({ where: { userId }, select: { id: true } });
  for (const t of tokens) invalidateToken(t.id);
}
