import "server-only";

import { TOKEN_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { invalidateToken } from "@/lib/server/cache/token-cache";
import { getOwnTokenOrThrow } from "@/modules/tokens/server/get-token-or-throw";

/** Soft delete: the row stays for the logs that name it; the key stops working at once. */
export async function deleteToken(userId: number, id: number): Promise<void> {
  const token = await getOwnTokenOrThrow(userId, id);
  await db().token.update({ where: { id: token.id }, data: { deletedAt: new Date(), status: TOKEN_STATUS.disabled } });
  invalidateToken(token.id);
}
