import "server-only";

// GET /api/log/stat and /api/log/self/stat: the quota of the filtered rows, plus requests and tokens
// of the last 60 seconds (rpm, tpm) under the same filters.
import type { LogFilter } from "@/modules/logs/schemas/log";
import { db } from "@/lib/server/db";
import { LOG_TYPE } from "@/lib/constants";
import { logWhere } from "@/modules/logs/server/usage/log-where";

export async function logStat(filter: LogFilter, scope: { selfUserId: number } | { admin: true }) {
  const consume = logWhere({ ...filter, type: LOG_TYPE.consume }, scope);
  const since = Math.floor(Date.now() / 1000) - 60;
  const recent = {
    ...logWhere({ ...filter, type: LOG_TYPE.consume, start_timestamp: since, end_timestamp: undefined }, scope),
  };
  const [sum, lastMinute] = await Promise.all([
    db().log.aggregate({ where: consume, _sum: { quota: true } }),
    db().log.aggregate({
      where: recent,
      _count: { _all: true },
      _sum: { promptTokens: true, completionTokens: true },
    }),
  ]);
  return {
    quota: Number(sum._sum.quota ?? 0),
    rpm: lastMinute._count._all,
    tpm: (lastMinute._sum.promptTokens ?? 0) + (lastMinute._sum.completionTokens ?? 0),
  };
}
