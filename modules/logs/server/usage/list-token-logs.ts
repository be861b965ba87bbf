import "server-only";

// GET /api/log/token: the latest logs of one token (new-api's MaxRecentItems), as its owner sees
// them (no channel, no admin_info). Bounded: one indexed query, at most MAX_TOKEN_LOGS rows.
import { db } from "@/lib/server/db";
import { toLogDto } from "@/modules/logs/server/dto/log";

export const MAX_TOKEN_LOGS = 1000;

export async function listTokenLogs(tokenId: number) {
  const rows = await db().log.findMany({ where: { tokenId }, orderBy: { id: "desc" }, take: MAX_TOKEN_LOGS });
  return rows.map((r) => toLogDto(r, { admin: false }));
}
