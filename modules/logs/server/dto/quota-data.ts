import "server-only";

// quota_data rows leave the server only in these shapes (sums of the grouped query; BigInt → number).
import type { QuotaDataRow, UserQuotaDataRow } from "@/modules/logs/schemas/dashboard";

type Sums = { _sum: { count: number | null; quota: bigint | null; tokenUsed: bigint | null } };

function sums(g: Sums) {
  return { count: g._sum.count ?? 0, quota: Number(g._sum.quota ?? 0), token_used: Number(g._sum.tokenUsed ?? 0) };
}

export function toModelHourRow(g: Sums & { modelName: string; createdAt: number; username?: string }): QuotaDataRow {
  return {
    model_name: g.modelName,
    created_at: g.createdAt,
    ...sums(g),
    ...(g.username !== undefined ? { username: g.username } : {}),
  };
}

export function toUserHourRow(g: Sums & { username: string; createdAt: number }): UserQuotaDataRow {
  return { username: g.username, created_at: g.createdAt, ...sums(g) };
}
