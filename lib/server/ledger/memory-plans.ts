import "server-only";

// The subscription plans of the in-memory ledger (memory-ledger.ts): each user's active
// subscriptions, read once with the wallet balance, then decided here synchronously, so concurrent
// requests can never spend a plan beyond its quota. Reservations and settlements are recorded as plan
// deltas of their quota period (deltas.ts), written with the consume logs.
import { singleton } from "@/lib/server/singleton";
import { addPlanUsed, pendingPlanUsed } from "@/lib/server/ledger/deltas";
import { pickPlan, readActivePlans, type PlanAccount, type PlanCharge } from "@/lib/server/ledger/plan-accounts";

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
