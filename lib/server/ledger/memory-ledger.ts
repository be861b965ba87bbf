import "server-only";

// The quota ledger of a single instance (no REDIS_URL). Balances (user quota, token remaining quota)
// live in memory once loaded, and reserve/settle/refund are synchronous: JavaScript runs them one at
// a time, so concurrent requests can never overdraw a user or a token. Every change is also recorded
// as a delta (deltas.ts) that the bookkeeping writer persists with the consume logs.
//
// Loads of a balance and flushes of deltas are serialised (one async queue), so a balance re-read
// from the database always equals "database + deltas not yet written".
// Several instances use redis-ledger.ts instead (the same contract, balances in Redis). Subscription
// plans pay before or after the wallet as the user's billing preference says (plan-accounts.ts).
import { db, sqliteConnection } from "@/lib/server/db";
import { readTokenBalance, readUserQuota } from "@/lib/server/ledger/flush-sql";
import { assertFiniteAmounts, finiteCharge } from "@/lib/server/ledger/storable";
import {
  addChannelUsed,
  pendingToken,
  pendingTokenRemain,
  pendingUser,
  pendingUserQuota,
  resetDeltasForTests,
  serialised,
} from "@/lib/server/ledger/deltas";
import {
  addToPlanUsed,
  dropPlans,
  loadPlans,
  plansLoaded,
  plansOf,
  resetPlansForTests,
  takeFromPlan,
  fundingOrder,
  nowSeconds,
} from "@/lib/server/ledger/plan-accounts";
import { resetUserDuePlans } from "@/lib/server/ledger/plan-reset";
import {
  ledgerState as state,
  type Reservation,
  type ReserveFailure,
  type ReserveResult,
} from "@/lib/server/ledger/memory-state";

export type { Reservation, ReserveFailure, ReserveResult } from "@/lib/server/ledger/memory-state";

/** Reservations of this instance not yet settled or refunded, and the quota they hold. */
export function reservationStats(): { count: number; quota: number } {
  return { ...state.outstanding };
}

/** Whether the balances of the user and (unless null) the token are in memory. */
function accountsLoaded(userId: number, tokenId: number | null): boolean {
  return state.users.has(userId) && plansLoaded(userId) && (tokenId === null || state.tokens.has(tokenId));
}

/** Reads the balances missing from memory; only call inside the ledger queue (serialised). */
async function loadMissing(userId: number, tokenId: number | null): Promise<void> {
  // Where the SQLite connection is at hand (always in the primary of worker processes), plain SQL.
  const conn = sqliteConnection();
  if (!state.users.has(userId)) {
    const quota = conn
      ? readUserQuota(conn, userId)
      : Number((await db().user.findUnique({ where: { id: userId }, select: { quota: true } }))?.quota ?? 0);
    state.users.set(userId, { quota: quota + pendingUserQuota(userId) - (state.heldUsers.get(userId) ?? 0) });
  }
  if (!plansLoaded(userId)) await loadPlans(userId);
  if (tokenId !== null && !state.tokens.has(tokenId)) {
    const t = conn
      ? readTokenBalance(conn, tokenId)
      : await db()
          .token.findUnique({ where: { id: tokenId }, select: { remainQuota: true, unlimitedQuota: true } })
          .then((r) => ({ remain: Number(r?.remainQuota ?? 0), unlimited: r?.unlimitedQuota ?? false }));
    const held = state.heldTokens.get(tokenId) ?? 0;
    state.tokens.set(tokenId, { remain: t.remain + pendingTokenRemain(tokenId) - held, unlimited: t.unlimited });
  }
}

/** Loads the balances a request needs (once; later requests are answered from memory). */
export async function ensureAccounts(userId: number, tokenId: number | null): Promise<void> {
  if (accountsLoaded(userId, tokenId)) return;
  await serialised(() => loadMissing(userId, tokenId));
}

/**
 * reserve() that loads the balances first when they are not in memory. A console write drops them
 * inside the ledger queue (bookkeeping writeAfterFlush), in whichever turn its write ends, so a
 * reservation is never decided a turn after its "loaded" check: loaded now, it is decided now; else
 * the load and the decision run in one task of the queue, where no drop can come between them.
 */
export function reserveLoading(
  userId: number,
  tokenId: number | null,
  amount: number,
  min = amount,
  pref = "subscription_first",
): ReserveResult | Promise<ReserveResult> {
  if (accountsLoaded(userId, tokenId)) {
    const res = reserve(userId, tokenId, amount, min, pref);
    if (res.ok || res.reason !== "plan_reset_due") return res;
  }
  return serialised(async () => {
    await loadMissing(userId, tokenId);
    const res = reserve(userId, tokenId, amount, min, pref);
    if (res.ok || res.reason !== "plan_reset_due") return res;
    // A plan's period ended: reset it in the database (exactly once, plan-reset.ts), read the plans
    // again, decide. Still due (a reset that cannot be computed): the plan cannot pay.
    await resetUserDuePlans(userId);
    dropPlans([userId]);
    await loadMissing(userId, tokenId);
    const again = reserve(userId, tokenId, amount, min, pref);
    return !again.ok && again.reason === "plan_reset_due" ? { ...again, reason: "subscription_insufficient" } : again;
  });
}

/** Whether the wallet pays this user's next reservation first (workers' allowances come from it). */
export function walletPaysFirst(userId: number, pref: string): boolean {
  return fundingOrder(pref, plansOf(userId), nowSeconds())[0] === "wallet";
}

export function userQuota(userId: number): number {
  return state.users.get(userId)?.quota ?? 0;
}

/**
 * The user's balance, null while it is not in memory (a console write dropped it): then it is not
 * known, and 0 would read as an empty balance (a false low-quota warning after a settlement).
 */
export function loadedUserQuota(userId: number): number | null {
  return state.users.get(userId)?.quota ?? null;
}

export function tokenRemain(tokenId: number): number {
  return state.tokens.get(tokenId)?.remain ?? 0;
}

/**
 * Reserves `amount` from the user and (unless null, e.g. the playground) the token, atomically.
 * With `min` below `amount`, a smaller balance is reserved whole as long as it covers `min` (the
 * caller then caps the output to what was reserved). The balances must be loaded (reserveLoading).
 */
export function reserve(
  userId: number,
  tokenId: number | null,
  amount: number,
  min = amount,
  pref = "subscription_first",
): ReserveResult {
  assertFiniteAmounts(amount, min);
  const now = nowSeconds();
  let failure: ReserveFailure | null = null;
  for (const source of fundingOrder(pref, plansOf(userId), now)) {
    const res =
      source === "wallet"
        ? reserveWallet(userId, tokenId, amount, min)
        : reservePlan(userId, tokenId, amount, min, now);
    // The token's refusals and a due reset are final; the wallet's or a plan's shortfall tries the next source.
    if (res.ok || res.reason.startsWith("token_") || res.reason === "plan_reset_due") return res;
    failure = res;
  }
  return failure!;
}

/** A reservation paid by the first subscription that covers it; the token pays its part as always. */
function reservePlan(userId: number, tokenId: number | null, amount: number, min: number, now: number): ReserveResult {
  const user = state.users.get(userId);
  const token = tokenId === null ? null : state.tokens.get(tokenId);
  if (!user || (tokenId !== null && !token)) throw new Error("ledger: accounts not loaded");
  const fail = (reason: ReserveFailure["reason"]): ReserveFailure => ({
    ok: false,
    reason,
    userQuota: user.quota,
    tokenRemain: token ? token.remain : Infinity,
  });
  if (token && !token.unlimited) {
    if (token.remain <= 0) return fail("token_exhausted");
    if (token.remain < min) return fail("token_insufficient");
    if (token.remain < amount) amount = min < amount ? token.remain : amount;
    if (token.remain < amount) return fail("token_insufficient");
  }
  const take = takeFromPlan(userId, amount, min, now);
  if (take === "reset_due") return fail("plan_reset_due");
  if (typeof take === "string") return fail("subscription_insufficient");
  if (token && tokenId !== null) {
    token.remain -= take.amount;
    const d = pendingToken(tokenId);
    d.remain -= take.amount;
    d.used += take.amount;
  }
  state.outstanding.count += 1;
  state.outstanding.quota += take.amount;
  return { ok: true, reservation: { userId, tokenId, amount: take.amount, settled: false, plan: take.charge } };
}

/** The wallet's reservation (the user's balance and the token, atomically). */
function reserveWallet(userId: number, tokenId: number | null, amount: number, min: number): ReserveResult {
  const user = state.users.get(userId);
  const token = tokenId === null ? null : state.tokens.get(tokenId);
  if (!user || (tokenId !== null && !token)) throw new Error("ledger: accounts not loaded");
  const tokenRemainNow = token ? token.remain : Infinity;
  const fail = (reason: ReserveFailure["reason"]): ReserveFailure => ({
    ok: false,
    reason,
    userQuota: user.quota,
    tokenRemain: tokenRemainNow,
  });
  if (token && !token.unlimited && token.remain <= 0) return fail("token_exhausted");
  if (user.quota <= 0) return fail("user_exhausted");
  if (min < amount) {
    amount = Math.max(min, Math.min(amount, available(userId, tokenId)));
  }
  if (user.quota < amount) return fail("user_insufficient");
  if (token && !token.unlimited && token.remain < amount) return fail("token_insufficient");
  user.quota -= amount;
  pendingUser(userId).quota -= amount;
  if (token && tokenId !== null) {
    token.remain -= amount;
    const d = pendingToken(tokenId);
    d.remain -= amount;
    d.used += amount;
  }
  state.outstanding.count += 1;
  state.outstanding.quota += amount;
  return { ok: true, reservation: { userId, tokenId, amount, settled: false } };
}

/** What the account has that a reservation may take now (the smaller of user and limited token). */
export function available(userId: number, tokenId: number | null): number {
  const user = state.users.get(userId);
  const token = tokenId === null ? null : state.tokens.get(tokenId);
  if (!user) return 0;
  return token && !token.unlimited ? Math.min(user.quota, token.remain) : user.quota;
}

/**
 * The charge for a settlement: the whole actual cost, whatever the balances hold. What is spent
 * beyond them is owed (the balance goes negative, as in new-api) and the next top-up pays it first;
 * an account at or below zero is refused by reserve(). Forgiving it let one request take 64x what
 * the account held (review N2).
 */
export function chargeFor(actual: number): number {
  return Math.max(0, Math.round(actual));
}

/**
 * Settles a reservation at the actual cost and counts the request; a cost above the reservation
 * takes the balances below zero (a debt). Returns what was charged.
 */
export function settle(r: Reservation, actual: number, channelId: number): number {
  if (r.settled) throw new Error("ledger: reservation settled twice");
  actual = finiteCharge(actual, r.amount);
  r.settled = true;
  state.outstanding.count -= 1;
  state.outstanding.quota -= r.amount;
  // A console write may have dropped the accounts while the request ran (writeAfterFlush): they are
  // read again from the database plus the pending deltas when next needed, so only the deltas change.
  const user = state.users.get(r.userId);
  const token = r.tokenId === null ? null : state.tokens.get(r.tokenId);
  const charged = chargeFor(actual);
  const diff = charged - r.amount; // > 0 extra charge, < 0 refund
  const ud = pendingUser(r.userId);
  if (r.plan) addToPlanUsed(r.userId, r.plan, diff);
  else {
    if (user) user.quota -= diff;
    ud.quota -= diff;
  }
  ud.used += charged;
  ud.requests += 1;
  if (r.tokenId !== null) {
    if (token) token.remain -= diff;
    const td = pendingToken(r.tokenId);
    td.remain -= diff;
    td.used += diff;
    td.accessed = Math.floor(Date.now() / 1000);
  }
  addChannelUsed(channelId, charged);
  return charged;
}

/** Gives a reservation back in full (the request failed before anything billable happened). */
export function refund(r: Reservation): void {
  if (r.settled) return;
  r.settled = true;
  state.outstanding.count -= 1;
  state.outstanding.quota -= r.amount;
  if (r.plan) addToPlanUsed(r.userId, r.plan, -r.amount);
  else {
    const user = state.users.get(r.userId);
    if (user) user.quota += r.amount;
    pendingUser(r.userId).quota += r.amount;
  }
  if (r.tokenId !== null) {
    const token = state.tokens.get(r.tokenId);
    if (token) token.remain += r.amount;
    const td = pendingToken(r.tokenId);
    td.remain += r.amount;
    td.used -= r.amount;
  }
}

/** Drops cached balances; only call inside the ledger queue (see bookkeeping writeAfterFlush). */
export function dropAccounts(userIds: number[], tokenIds: number[]): void {
  dropPlans(userIds);
  for (const id of userIds) state.users.delete(id);
  for (const id of tokenIds) state.tokens.delete(id);
}

export function resetLedgerForTests(): void {
  state.users.clear();
  state.tokens.clear();
  resetDeltasForTests();
  state.outstanding = { count: 0, quota: 0 };
  state.heldUsers.clear();
  state.heldTokens.clear();
  resetPlansForTests();
}
