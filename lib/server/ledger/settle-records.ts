import "server-only";

// What a settlement writes besides the balances: the consume log and the hourly usage bucket. They
// travel WITH the settlement (in worker processes: in the same message to the primary), so a
// worker killed right after a request finished can never leave a charge without its log.
import { queueLog, queueUsage, scheduleFlush, type LogRow, type UsageBucketKey } from "@/lib/server/ledger/bookkeeping";

export type SettleRecords = {
  /** The cost the request asked for (the log notes when less could be charged). */
  wanted: number;
  /** The consume log; its quota is set to the charge (null: consume logs are off). */
  log: LogRow | null;
  /** The usage bucket to count the request in (null: DataExportEnabled is off). */
  usage: { key: UsageBucketKey; tokens: number; holdMinutes: number } | null;
};

/** Notes in the log's admin_info that the balances held less than the request cost. */
function withSaturation(other: string, wanted: number, charged: number): string {
  try {
    const o = JSON.parse(other) as { admin_info?: Record<string, unknown> };
    o.admin_info = { ...o.admin_info, quota_saturation: { wanted, charged } };
    return JSON.stringify(o);
  } catch {
    return other;
  }
}

/** Queues the records of a settlement that charged `charged`. */
export function applySettleRecords(rec: SettleRecords, charged: number): void {
  if (rec.log) {
    rec.log.quota = charged;
    if (charged < rec.wanted) rec.log.other = withSaturation(rec.log.other, rec.wanted, charged);
    queueLog(rec.log);
  }
  if (rec.usage) queueUsage(rec.usage.key, charged, rec.usage.tokens, rec.usage.holdMinutes);
  scheduleFlush();
}
