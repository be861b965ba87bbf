import "server-only";

// GET /api/data/ (admin): everyone's usage per model and hour; with a username, that user's usage
// per model and hour (rows carry the username), as new-api's GetAllQuotaDates.
import type { DataQuery, QuotaDataRow } from "@/modules/logs/schemas/dashboard";
import { db } from "@/lib/server/db";
import { toModelHourRow } from "@/modules/logs/server/dto/quota-data";
import { CAPPED_TAKE, createdAtWhere, refuseIfCapped } from "@/modules/logs/server/dashboard/quota-data-range";

const sum = { count: true, quota: true, tokenUsed: true } as const;

export async function getQuotaData(q: DataQuery): Promise<QuotaDataRow[]> {
  if (q.username) {
    const rows = await db().quotaData.groupBy({
      by: ["username", "modelName", "createdAt"],
      where: { ...createdAtWhere(q), username: q.username },
      _sum: sum,
      orderBy: [{ createdAt: "asc" }, { modelName: "asc" }],
      take: CAPPED_TAKE,
    });
    refuseIfCapped(rows);
    return rows.map(toModelHourRow);
  }
  const rows = await db().quotaData.groupBy({
    by: ["modelName", "createdAt"],
    where: createdAtWhere(q),
    _sum: sum,
    orderBy: [{ createdAt: "asc" }, { modelName: "asc" }],
    take: CAPPED_TAKE,
  });
  refuseIfCapped(rows);
  return rows.map(toModelHourRow);
}
