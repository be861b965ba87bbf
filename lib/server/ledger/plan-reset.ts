import "server-only";

// A subscription's quota back to 0 at its period boundary, as new-api's
// maybeResetUserSubscriptionWithPlanTx: from the last reset (or the start), step period by period to
// the first boundary after now; the last boundary passed becomes the last reset. Exactly once
// whichever instances try at the same moment: the update is conditional on the quota period
// (quotaEpoch) and the due time it read, so one of them writes and the others change nothing; the
// epoch goes up by one and every charge of the ended period is then left out of the new one
// (plan-accounts.ts). Callers bring the ledger's copies in step (ledger.ts resetDuePlans).
import { db } from "@/lib/server/db";
import { nextResetTime } from "@/lib/server/ledger/plan-periods";
import { nowSeconds } from "@/lib/server/ledger/plan-accounts";

/** At most this many subscriptions per call (new-api's ResetDueSubscriptions: 200). */
const BATCH = 200;

/** Users with a subscription whose period has ended (the minute job's list), oldest due first. */
export async function usersWithDuePlans(now = nowSeconds()): Promise<number[]> {
  const rows = await db().userSubscription.findMany({
    where: { status: "active", nextResetTime: { gt: 0n, lte: BigInt(now) }, endTime: { gt: BigInt(now) } },
    orderBy: [{ nextResetTime: "asc" }, { id: "asc" }],
    take: BATCH,
    select: { userId: true },
  });
  return [...new Set(rows.map((r) => r.userId))];
}

/** Resets the due subscriptions of one user; answers how many this call reset. */
export async function resetUserDuePlans(userId: number, now = nowSeconds()): Promise<number> {
  const due = await db().userSubscription.findMany({
    where: { userId, status: "active", nextResetTime: { gt: 0n, lte: BigInt(now) } },
    take: BATCH,
  });
  let reset = 0;
  for (const sub of due) {
    const plan = await db().subscriptionPlan.findUnique({ where: { id: sub.planId } });
    const end = Number(sub.endTime);
    let base = Number(sub.lastResetTime) || Number(sub.startTime);
    const every = plan?.quotaResetPeriod === "custom" ? Number(plan.quotaResetCustomSeconds) : 0;
    // Custom periods step straight to the last boundary passed (a period may be one second); calendar
    // ones walk day by day at most (a plan runs at most a hundred years: ~36,500 steps).
    if (every > 0 && now - base >= every) base += Math.floor((now - base) / every) * every - every;
    let next = plan ? nextResetTime(base, plan, end) : 0;
    for (let steps = 0; next > 0 && next <= now && steps < 100_000; steps++) {
      base = next;
      next = nextResetTime(base, plan!, end);
    }
    const moved = await db().userSubscription.updateMany({
      where: { id: sub.id, status: "active", quotaEpoch: sub.quotaEpoch, nextResetTime: sub.nextResetTime },
      data: {
        amountUsed: 0n,
        quotaEpoch: sub.quotaEpoch + 1,
        lastResetTime: BigInt(base),
        nextResetTime: BigInt(next > now ? next : 0),
        updatedAt: now,
      },
    });
    reset += moved.count;
  }
  return reset;
}
