import "server-only";

// What a settlement writes besides the balances: the consume log and the hourly usage bucket. They
// travel WITH the settlement (in worker processes: in the same message to the primary), so a
// worker killed right after a request finished can never leave a charge without its log.
import { queueUsage, scheduleFlush, type UsageBucketKey } from "@/lib/server/ledger/bookkeeping";
import { queueLog, type LogRow } from "@/lib/server/ledger/journal";

export type SettleRecords = {
  /** The consume log; its quota is set to the charge (null: consume logs are off). */
  log: LogRow | null;
  /** The usage bucket to count the request in (null: DataExportEnabled is off). */
  usage: { key: UsageBucketKey; tokens: number; holdMinutes: number } | null;
};

/** Queues the records of a settlement that charged `charged`. */
export function applySettleRecords(rec: SettleRecords, charged: number): void {
  if (rec.log) {
    // The whole cost: a settlement is never clamped at the balance (a debt instead), so the logs
    // add up to the ledger and admin_info needs no note of a forgiven part.
    rec.log.quota = charged;
    queueLog(rec.log);
  }
  if (rec.usage) queueUsage(rec.usage.key, charged, rec.usage.tokens, rec.usage.holdMinutes);
  scheduleFlush();
}
