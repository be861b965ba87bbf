import "server-only";

// POST /api/token/batch/keys {ids}: the full keys of the caller's tokens among the ids, as
// {id: key} without "sk-" (new-api's GetTokenKeysBatch, like POST /api/token/{id}/key). Ids that are
// not the caller's live tokens are left out: another user's key never leaves.
import { db } from "@/lib/server/db";
import { open } from "@/lib/server/crypto/secret-box";

export async function getTokenKeys(userId: number, ids: number[]): Promise<Record<string, string>> {
  const rows = await db().token.findMany({
    where: { id: { in: [...new Set(ids)] }, userId, deletedAt: null },
    select: { id: true, keyCipher: true },
    orderBy: { id: "asc" },
  });
  const keys: Record<string, string> = {};
  for (const row of rows) keys[row.id] = open(row.keyCipher);
  return keys;
}
