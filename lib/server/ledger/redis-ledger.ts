import "server-only";

// The quota ledger shared by several instances (REDIS_URL set). Balances live in Redis once loaded
// from the database; reserve / settle / refund are single Lua scripts (redis-scripts.ts), so any
// number of concurrent requests on any number of instances can never overdraw a user or a token.
//
// Invariant: Redis balance = database balance + settled charges not yet written (each instance's
// deltas.ts, flushed within 250 ms) − outstanding reservations. Reservations never reach the
// database; each is recorded in its instance's hash, so if an instance dies mid-request another
// instance gives them back (redis-upkeep.ts). Outside writes (top-ups, admin edits) are applied as
// deltas under a database lock (outside-write.ts) so the invariant survives them.
//
// Fail closed: if Redis cannot be reached, reserve throws RedisUnavailableError and the request is
// refused. A settlement or refund that cannot reach Redis is retried until it can (the charge is
// already queued for the database, so nothing is lost or billed twice).
import { RedisUnavailableError } from "@/lib/server/redis/client";
import { readyRedis } from "@/lib/server/redis/when-ready";
import { ensureUpkeep, queueRetry, reservationHashKey } from "@/lib/server/ledger/redis-upkeep";
import { planKey, scripted, tokenKey, userKey } from "@/lib/server/ledger/redis-scripts";
import { nowSeconds, readActivePlans, type PlanAccount } from "@/lib/server/ledger/plan-accounts";
import { resetUserDuePlans } from "@/lib/server/ledger/plan-reset";
import { learnPlanTitles, planTitle } from "@/lib/server/ledger/plan-titles";
import type { Tx } from "@/lib/server/ledger/balance-lock";
import { recordCharge, serialised } from "@/lib/server/ledger/deltas";
import { withBalanceLock } from "@/lib/server/ledger/balance-lock";
import type { Reservation, ReserveFailure, ReserveResult } from "@/lib/server/ledger/memory-ledger";
import { singleton } from "@/lib/server/singleton";
import { assertFiniteAmounts, finiteCharge } from "@/lib/server/ledger/storable";

/** Idle balances leave Redis after this long and are re-read from the database when next needed. */
const BALANCE_TTL_MS = 6 * 3600_000;

const state = singleton("relay.redis-ledger", () => ({
  nextId: 0,
  outstanding: { count: 0, quota: 0 },
}));

const REASONS: Record<number, ReserveFailure["reason"]> = {
  1: "token_exhausted",
  2: "user_exhausted",
  3: "user_insufficient",
  4: "token_insufficient",
  5: "subscription_insufficient",
  6: "plan_reset_due",
};

/** The plans as the scripts read them: the list, then sub, used, epoch, next reset per plan. */
export function planArgs(plans: PlanAccount[]): string[] {
  const list = plans.map((p) => `${p.id}:${p.total}:${p.end}:${p.overflow ? 1 : 0}:${p.planId}`).join(",");
  return [list, ...plans.flatMap((p) => [String(p.id), String(p.used), String(p.epoch), String(p.nextReset)])];
}

/**
 * After a write to the user's subscriptions (under the exclusive balance lock: outside-write.ts), the
 * plans Redis holds follow the database (redis-scripts.ts PLAN_SYNC).
 */
export async function syncPlans(tx: Tx, userId: number): Promise<void> {
  const plans = await readActivePlans(userId, tx);
  await scripted().gwPlanSync(planKey(userId), ...planArgs(plans));
}

/** Reads the balances from the database and puts those not yet in Redis there. */
async function loadBalances(userId: number, tokenId: number | null): Promise<void> {
  await serialised(() =>
    withBalanceLock("shared", async (tx) => {
      const u = await tx.user.findUnique({ where: { id: userId }, select: { quota: true } });
      const t =
        tokenId === null
          ? null
          : await tx.token.findUnique({ where: { id: tokenId }, select: { remainQuota: true, unlimitedQuota: true } });
      const plans = await readActivePlans(userId, tx);
      await scripted().gwLoad(
        userKey(userId),
        tokenKey(tokenId),
        planKey(userId),
        String(u?.quota ?? 0),
        tokenId === null ? "0" : "1",
        String(t?.remainQuota ?? 0),
        t?.unlimitedQuota ? "1" : "0",
        BALANCE_TTL_MS,
        ...planArgs(plans),
      );
    }),
  );
}

async function tryReserve(
  userId: number,
  tokenId: number | null,
  amount: number,
  min: number,
  id: string,
  pref: string,
): Promise<number[]> {
  return scripted().gwReserve(
    userKey(userId),
    tokenKey(tokenId),
    reservationHashKey(),
    planKey(userId),
    amount,
    tokenId === null ? "0" : "1",
    id,
    `${userId}:${tokenId ?? "-"}:`,
    BALANCE_TTL_MS,
    min,
    pref,
    nowSeconds(),
  );
}

/** A plan's period ended: reset it in the database (exactly once, plan-reset.ts), then in Redis. */
async function resetDuePlans(userId: number): Promise<void> {
  await serialised(() =>
    withBalanceLock("exclusive", async (tx) => {
      await resetUserDuePlans(userId);
      await syncPlans(tx, userId);
    }),
  );
}

export async function reserve(
  userId: number,
  tokenId: number | null,
  amount: number,
  min = amount,
  pref = "subscription_first",
): Promise<ReserveResult> {
  assertFiniteAmounts(amount, min);
  amount = Math.max(0, Math.round(amount));
  min = Math.min(amount, Math.max(0, Math.round(min)));
  try {
    await readyRedis(); // right after start or a reconnect: wait a moment rather than refuse
    await ensureUpkeep();
    const id = String(++state.nextId);
    let out = await tryReserve(userId, tokenId, amount, min, id, pref);
    if (out[0] === -1) {
      await loadBalances(userId, tokenId);
      out = await tryReserve(userId, tokenId, amount, min, id, pref);
      if (out[0] === -1) throw new Error("ledger: balances vanished right after loading");
    }
    if (out[0] === 6) {
      await resetDuePlans(userId);
      out = await tryReserve(userId, tokenId, amount, min, id, pref);
      if (out[0] === 6) out = [5, out[1]!, out[2]!]; // a reset that cannot be computed: the plan cannot pay
    }
    if (out[0] !== 0) {
      const tokenRemain = tokenId === null ? Infinity : Number(out[2]);
      return { ok: false, reason: REASONS[out[0]!]!, userQuota: Number(out[1]), tokenRemain };
    }
    amount = Number(out[3] ?? amount);
    state.outstanding.count += 1;
    state.outstanding.quota += amount;
    const plan =
      out[4] === undefined
        ? undefined
        : {
            sub: Number(out[4]),
            epoch: Number(out[5]),
            total: Number(out[6]),
            usedAfter: Number(out[7]),
            planId: Number(out[8]),
          };
    if (plan && !planTitle(plan.planId)) await learnPlanTitles([plan.planId]).catch(() => undefined);
    return { ok: true, reservation: { userId, tokenId, amount, settled: false, id, ...(plan ? { plan } : {}) } };
  } catch (err) {
    if (err instanceof RedisUnavailableError) throw err;
    throw new RedisUnavailableError(err);
  }
}

/** Settles at the actual cost (beyond the balances: a debt, redis-scripts.ts SETTLE); returns the charge. */
export async function settle(
  r: Reservation,
  actual: number,
  channelId: number,
): Promise<{ charged: number; userQuota: number | null }> {
  if (r.settled) throw new Error("ledger: reservation settled twice");
  actual = finiteCharge(actual, r.amount);
  r.settled = true;
  state.outstanding.count -= 1;
  state.outstanding.quota -= r.amount;
  const wanted = Math.max(0, Math.round(actual));
  const keys = [userKey(r.userId), tokenKey(r.tokenId), reservationHashKey(), planKey(r.userId)];
  const hasToken = r.tokenId === null ? "0" : "1";
  const plan = r.plan ? [r.plan.sub, r.plan.epoch] : ["", ""];
  let charged = wanted;
  let userQuota: number | null = null;
  try {
    const out = await scripted().gwSettle(...keys, r.id!, r.amount, wanted, hasToken, "0", ...plan);
    charged = Number(out[0]);
    userQuota = out[1] === undefined || out[1] === null ? null : Number(out[1]);
  } catch {
    // Bill what the request cost; Redis learns it when it is back (same charge, so no drift).
    queueRetry("gwSettle", [...keys, r.id!, r.amount, wanted, hasToken, "1", ...plan]);
  }
  recordCharge(r.userId, r.tokenId, charged, channelId, r.plan);
  return { charged, userQuota };
}

export async function refund(r: Reservation): Promise<void> {
  if (r.settled) return;
  r.settled = true;
  state.outstanding.count -= 1;
  state.outstanding.quota -= r.amount;
  const args = [
    userKey(r.userId),
    tokenKey(r.tokenId),
    reservationHashKey(),
    planKey(r.userId),
    r.id!,
    r.amount,
    r.tokenId === null ? "0" : "1",
    ...(r.plan ? [r.plan.sub, r.plan.epoch] : ["", ""]),
  ];
  try {
    await scripted().gwRefund(...args);
  } catch {
    queueRetry("gwRefund", args);
  }
}

export function redisReservationStats(): { count: number; quota: number } {
  return { ...state.outstanding };
}

/** Test hook: the balances Redis holds for an account (null when not loaded). */
export async function redisBalances(userId: number, tokenId: number | null) {
  const c = scripted();
  const q = await c.hget(userKey(userId), "q");
  const t = tokenId === null ? null : await c.hget(tokenKey(tokenId), "r");
  return { userQuota: q === null ? null : Number(q), tokenRemain: t === null ? null : Number(t) };
}
