import "server-only";

// GET /api/data/self (user): the caller's own usage per model and hour, by user id (a username in
// the query is ignored). Ranges over 30 days are refused, as new-api ("时间跨度不能超过 1 个月").
import { SELF_MAX_SPAN_SECONDS, type DataQuery, type QuotaDataRow } from "@/modules/logs/schemas/dashboard";
import { db } from "@/lib/server/db";
import { toModelHourRow } from "@/modules/logs/server/dto/quota-data";
import { AppError } from "@/lib/server/http/app-error";
import { CAPPED_TAKE, createdAtWhere, rangeOf, refuseIfCapped } from "@/modules/logs/server/dashboard/quota-data-range";

export async function getSelfQuotaData(userId: number, q: DataQuery): Promise<QuotaDataRow[]> {
  const { start, end } = rangeOf(q);
  if (end - start > SELF_MAX_SPAN_SECONDS) throw new AppError("bad_request", "dashboard_span_too_long");
  const rows = await db().quotaData.groupBy({
    by: ["modelName", "createdAt"],
    where: { ...createdAtWhere(q), userId },
    _sum: { count: true, quota: true, tokenUsed: true },
    orderBy: [{ createdAt: "asc" }, { modelName: "asc" }],
    take: CAPPED_TAKE,
  });
  refuseIfCapped(rows);
  return rows.map(toModelHourRow);
}
