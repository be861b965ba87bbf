import "server-only";

// GET /api/data/users (admin): usage per user and hour (all models summed); an optional username
// narrows it to one user, as the latest new-api.
import type { DataQuery, UserQuotaDataRow } from "@/modules/logs/schemas/dashboard";
import { db } from "@/lib/server/db";
import { toUserHourRow } from "@/modules/logs/server/dto/quota-data";
import { CAPPED_TAKE, createdAtWhere, refuseIfCapped } from "@/modules/logs/server/dashboard/quota-data-range";

export async function getQuotaDataByUser(q: DataQuery): Promise<UserQuotaDataRow[]> {
  const rows = await db().quotaData.groupBy({
    by: ["username", "createdAt"],
    where: { ...createdAtWhere(q), ...(q.username ? { username: q.username } : {}) },
    _sum: { count: true, quota: true, tokenUsed: true },
    orderBy: [{ createdAt: "asc" }, { username: "asc" }],
    take: CAPPED_TAKE,
  });
  refuseIfCapped(rows);
  return rows.map(toUserHourRow);
}
