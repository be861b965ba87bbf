import "server-only";

// Subscription plans as accounts of the quota ledger, beside the user's wallet and the token. A user's
// active subscriptions are read once (with the wallet balance) and then decided in memory (one
// instance: memory-ledger.ts) or in Redis (redis-scripts.ts, the same walk in Lua).
//
// The walk is new-api's PreConsumeUserSubscription: active subscriptions by end time, then id; the
// first whose remaining quota covers the reservation pays it (a total of 0 is unlimited). Which of
// plans and wallet is tried first is the user's billing preference (pickFunding).
//
// A subscription's quota period is its `quotaEpoch`, bumped by every reset (plan-reset.ts, and the
// admin's reset). A reservation remembers the epoch it was taken in; its settlement and refund touch
// the plan only while that epoch lasts, and its delta is written with `WHERE quotaEpoch = epoch`
// (flush-sql.ts addToPlan). So a reset on any instance is never undone by charges of the period it
// ended, however late they arrive.
import { db } from "@/lib/server/db";
import { singleton } from "@/lib/server/singleton";
import { addPlanUsed, pendingPlanUsed } from "@/lib/server/ledger/deltas";
import { learnPlanTitles } from "@/lib/server/ledger/plan-titles";

export type PlanAccount = {
  /** user_subscriptions.id */
  id: number;
  planId: number;
  /** 0 = unlimited */
  total: number;
  used: number;
  /** unix seconds */
  end: number;
  /** unix seconds; 0 = never */
  nextReset: number;
  epoch: number;
  overflow: boolean;
};

/** What a reservation paid by a plan carries (settlement, refund and the consume log need it). */
export type PlanCharge = { sub: number; planId: number; epoch: number; total: number; usedAfter: number };

export const nowSeconds = () => Math.floor(Date.now() / 1000);

type Db = Pick<ReturnType<typeof db>, "userSubscription">;

/** The user's active subscriptions in new-api's order (end time, then id). */
export async function readActivePlans(userId: number, client: Db = db(), now = nowSeconds()): Promise<PlanAccount[]> {
  const rows = await client.userSubscription.findMany({
    where: { userId, status: "active", endTime: { gt: BigInt(now) } },
    orderBy: [{ endTime: "asc" }, { id: "asc" }],
    select: {
      id: true,
      planId: true,
      amountTotal: true,
      amountUsed: true,
      endTime: true,
      nextResetTime: true,
      quotaEpoch: true,
      allowWalletOverflow: true,
    },
  });
  if (rows.length) await learnPlanTitles(rows.map((r) => r.planId));
  return rows.map((r) => ({
    id: r.id,
    planId: r.planId,
    total: Number(r.amountTotal),
    used: Number(r.amountUsed),
    end: Number(r.endTime),
    nextReset: Number(r.nextResetTime),
    epoch: r.quotaEpoch,
    overflow: r.allowWalletOverflow,
  }));
}

export type PlanPick = { index: number; amount: number } | "none" | "insufficient" | "reset_due";

/**
 * The subscription that pays a reservation of `amount` (down to `min`, as the wallet's partial
 * reservations), or why none: "none" (no active one), "reset_due" (a period ended: reset first),
 * "insufficient".
 */
export function pickPlan(plans: readonly PlanAccount[], amount: number, min: number, now: number): PlanPick {
  let active = 0;
  for (const p of plans) {
    if (p.end <= now) continue;
    active += 1;
    if (p.nextReset > 0 && p.nextReset <= now) return "reset_due";
  }
  if (!active) return "none";
  for (let i = 0; i < plans.length; i++) {
    const p = plans[i]!;
    if (p.end > now && (p.total === 0 || p.total - p.used >= amount)) return { index: i, amount };
  }
  if (min < amount) {
    for (let i = 0; i < plans.length; i++) {
      const p = plans[i]!;
      if (p.end > now && p.total - p.used >= min) return { index: i, amount: p.total - p.used };
    }
  }
  return "insufficient";
}

/** new-api's UserActiveSubscriptionsAllowWalletOverflow: any active one lets the wallet pay on. */
export function anyOverflow(plans: readonly PlanAccount[], now: number): boolean {
  return plans.some((p) => p.end > now && p.overflow);
}

export function hasActivePlan(plans: readonly PlanAccount[] | undefined, now: number): boolean {
  return !!plans?.some((p) => p.end > now);
}

/**
 * new-api's NewBillingSession order: which sources to try, first to last, for a billing preference
 * (lib/billing-preference.ts; anything else, or none, reads as subscription_first, as new-api's
 * NormalizeBillingPreference: no need to normalise it first). subscription_first with no
 * active plan is the wallet alone; a plan that cannot pay falls back to the wallet only when an
 * active subscription allows it (allowWalletOverflow).
 */
export function fundingOrder(
  pref: string,
  plans: readonly PlanAccount[] | undefined,
  now: number,
): ("plan" | "wallet")[] {
  switch (pref) {
    case "wallet_only":
      return ["wallet"];
    case "subscription_only":
      return ["plan"];
    case "wallet_first":
      return ["wallet", "plan"];
    default:
      if (!hasActivePlan(plans, now)) return ["wallet"];
      return anyOverflow(plans!, now) ? ["plan", "wallet"] : ["plan"];
  }
}

// ---- The plans of the in-memory ledger (memory-ledger.ts): each user's active subscriptions, read once
// with the wallet balance, then decided here synchronously, so concurrent requests can never spend a
// plan beyond its quota. Reservations and settlements are recorded as plan deltas of their quota
// period (deltas.ts), written with the consume logs.

const plans = singleton("relay.ledger.plans", () => new Map<number, PlanAccount[]>());

export const plansLoaded = (userId: number) => plans.has(userId);
export const plansOf = (userId: number): PlanAccount[] | undefined => plans.get(userId);

/** Reads the user's active subscriptions; only call inside the ledger queue (serialised). */
export async function loadPlans(userId: number): Promise<void> {
  const list = await readActivePlans(userId);
  for (const p of list) p.used += pendingPlanUsed(p.id, p.epoch);
  plans.set(userId, list);
}

export function dropPlans(userIds: number[]): void {
  for (const id of userIds) plans.delete(id);
}

export type PlanTake = { charge: PlanCharge; amount: number } | "none" | "insufficient" | "reset_due";

/** Takes `amount` (down to `min`) from the first plan that covers it. */
export function takeFromPlan(userId: number, amount: number, min: number, now: number): PlanTake {
  const list = plans.get(userId) ?? [];
  const pick = pickPlan(list, amount, min, now);
  if (typeof pick === "string") return pick;
  const p = list[pick.index]!;
  p.used += pick.amount;
  addPlanUsed(p.id, p.epoch, pick.amount);
  return {
    charge: { sub: p.id, planId: p.planId, epoch: p.epoch, total: p.total, usedAfter: p.used },
    amount: pick.amount,
  };
}

/** Moves a plan's used quota by `diff` within the reservation's quota period (else only the delta, dropped at write). */
export function addToPlanUsed(userId: number, charge: PlanCharge, diff: number): void {
  const p = plans.get(userId)?.find((x) => x.id === charge.sub && x.epoch === charge.epoch);
  if (p) p.used += diff;
  addPlanUsed(charge.sub, charge.epoch, diff);
}

export function resetPlansForTests(): void {
  plans.clear();
}
