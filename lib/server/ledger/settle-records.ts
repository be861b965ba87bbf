import "server-only";

// What a settlement writes besides the balances: the consume log and the hourly usage bucket. They
// travel WITH the settlement (in worker processes: in the same message to the primary), so a
// worker killed right after a request finished can never leave a charge without its log.
import { queueUsage, scheduleFlush, type UsageBucketKey } from "@/lib/server/ledger/bookkeeping";
import { queueLog, type LogRow } from "@/lib/server/ledger/journal";
import type { PlanCharge } from "@/lib/server/ledger/plan-accounts";
import { planTitle } from "@/lib/server/ledger/plan-titles";

export type SettleRecords = {
  /** The consume log; its quota is set to the charge (null: consume logs are off). */
  log: LogRow | null;
  /** The usage bucket to count the request in (null: DataExportEnabled is off). */
  usage: { key: UsageBucketKey; tokens: number; holdMinutes: number } | null;
};

/**
 * Who paid, in the log's `other` as new-api writes it (log_info_generate.go appendBillingInfo):
 * billing_source "wallet" or "subscription", and for a subscription its id, plan, what was reserved,
 * the settlement's difference, and its quota after the charge.
 */
export function billingFields(
  reserved: number,
  charged: number,
  plan: PlanCharge | undefined,
): Record<string, unknown> {
  if (!plan) return { billing_source: "wallet" };
  const delta = charged - reserved;
  const used = Math.max(0, plan.usedAfter + delta);
  const title = planTitle(plan.planId);
  return {
    billing_source: "subscription",
    subscription_id: plan.sub,
    ...(reserved > 0 ? { subscription_pre_consumed: reserved } : {}),
    ...(delta !== 0 ? { subscription_post_delta: delta } : {}),
    subscription_plan_id: plan.planId,
    ...(title ? { subscription_plan_title: title } : {}),
    ...(plan.total > 0
      ? { subscription_total: plan.total, subscription_used: used, subscription_remain: Math.max(0, plan.total - used) }
      : {}),
    ...(charged > 0 ? { subscription_consumed: charged } : {}),
    wallet_quota_deducted: 0,
  };
}

/** The wallet paid (nearly every call): the one field appended as text, no object built per request. */
function withWallet(other: string): string {
  return other.length > 2 && other.endsWith("}")
    ? `${other.slice(0, -1)},"billing_source":"wallet"}`
    : withFields(other, WALLET);
}
const WALLET = { billing_source: "wallet" } as const;

/** `other` (a JSON object's text) with the fields added at its end. */
function withFields(other: string, fields: Record<string, unknown>): string {
  const body = JSON.stringify(fields).slice(1, -1);
  const end = other.lastIndexOf("}");
  if (end < 0 || !body) return other;
  const inner = other.slice(0, end).trimEnd();
  return `${inner}${inner.endsWith("{") ? "" : ","}${body}}`;
}

/** Queues the records of a settlement that charged `charged` (of `paid`'s reservation). */
export function applySettleRecords(
  rec: SettleRecords,
  charged: number,
  paid?: { amount: number; plan?: PlanCharge },
): void {
  if (rec.log) {
    // The whole cost: a settlement is never clamped at the balance (a debt instead), so the logs
    // add up to the ledger and admin_info needs no note of a forgiven part.
    rec.log.quota = charged;
    if (paid)
      rec.log.other = paid.plan
        ? withFields(rec.log.other, billingFields(paid.amount, charged, paid.plan))
        : withWallet(rec.log.other);
    queueLog(rec.log);
  }
  if (rec.usage) queueUsage(rec.usage.key, charged, rec.usage.tokens, rec.usage.holdMinutes);
  scheduleFlush();
}
