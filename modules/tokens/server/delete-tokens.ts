import "server-only";

// POST /api/token/batch {ids}: deletes those of the ids that are the caller's tokens (soft delete,
// as one delete: the rows stay for the logs that name them). Another user's ids are not the
// caller's and are not counted, as new-api's BatchDeleteTokens.
import { TOKEN_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { invalidateToken } from "@/lib/server/cache/token-cache";

export async function deleteTokens(userId: number, ids: number[]): Promise<number> {
  const deleted = await db().$transaction(async (tx) => {
    const own = await tx.token.findMany({
      where: { id: { in: [...new Set(ids)] }, userId, deletedAt: null },
      select: { id: true },
    });
    if (!own.length) return [];
    await tx.token.updateMany({
      where: { id: { in: own.map((t) => t.id) }, userId, deletedAt: null },
      data: { deletedAt: new Date(), status: TOKEN_STATUS.disabled },
    });
    return own.map((t) => t.id);
  });
  for (const id of deleted) invalidateToken(id);
  return deleted.length;
}
