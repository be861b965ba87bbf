// The quota ledger of one gateway instance. Balances (user quota, token remaining quota) live in
// memory once loaded, and reserve/settle/refund are synchronous: JavaScript runs them one at a time,
// so concurrent requests can never overdraw a user or a token. Every change is also recorded as a
// delta; the bookkeeping writer (bookkeeping.ts) persists deltas together with the consume logs in
// one transaction, so the database never shows a charge without its log or the reverse.
//
// Loads of a balance and flushes of deltas are serialised (one async queue), so a balance re-read
// from the database always equals "database + deltas not yet written".
// The multi-instance issue replaces this with a Redis implementation of the same interface.
import { db } from "@/lib/server/db";
import { singleton } from "@/lib/server/singleton";

export type Reservation = { userId: number; tokenId: number | null; amount: number; settled: boolean };
export type ReserveFailure = {
  ok: false;
  reason: "user_exhausted" | "user_insufficient" | "token_insufficient";
  userQuota: number;
  tokenRemain: number;
};

type UserAccount = { quota: number };
type TokenAccount = { remain: number; unlimited: boolean };
export type UserDelta = { quota: number; used: number; requests: number };
export type TokenDelta = { remain: number; used: number; accessed: number };
export type Deltas = { users: Map<number, UserDelta>; tokens: Map<number, TokenDelta>; channels: Map<number, number> };

type State = {
  users: Map<number, UserAccount>;
  tokens: Map<number, TokenAccount>;
  pending: Deltas;
  queue: Promise<unknown>;
  /** Reservations not yet settled or refunded (metrics: reservation state). */
  outstanding: { count: number; quota: number };
};

export function emptyDeltas(): Deltas {
  return { users: new Map(), tokens: new Map(), channels: new Map() };
}

const state = singleton<State>("relay.ledger", () => ({
  users: new Map(),
  tokens: new Map(),
  pending: emptyDeltas(),
  queue: Promise.resolve(),
  outstanding: { count: 0, quota: 0 },
}));

/** Reservations of this instance not yet settled or refunded, and the quota they hold. */
export function reservationStats(): { count: number; quota: number } {
  return { ...state.outstanding };
}

/** Runs fn after every earlier load/flush finished (the ledger's one async queue). */
export function serialised<T>(fn: () => Promise<T>): Promise<T> {
  const run = state.queue.then(fn, fn);
  state.queue = run.catch(() => undefined);
  return run;
}

function userDelta(id: number): UserDelta {
  let d = state.pending.users.get(id);
  if (!d) state.pending.users.set(id, (d = { quota: 0, used: 0, requests: 0 }));
  return d;
}

function tokenDelta(id: number): TokenDelta {
  let d = state.pending.tokens.get(id);
  if (!d) state.pending.tokens.set(id, (d = { remain: 0, used: 0, accessed: 0 }));
  return d;
}

/** Loads the balances a request needs (once; later requests are answered from memory). */
export async function ensureAccounts(userId: number, tokenId: number | null): Promise<void> {
  if (state.users.has(userId) && (tokenId === null || state.tokens.has(tokenId))) return;
  await serialised(async () => {
    if (!state.users.has(userId)) {
      const u = await db().user.findUnique({ where: { id: userId }, select: { quota: true } });
      state.users.set(userId, { quota: Number(u?.quota ?? 0) + (state.pending.users.get(userId)?.quota ?? 0) });
    }
    if (tokenId !== null && !state.tokens.has(tokenId)) {
      const t = await db().token.findUnique({
        where: { id: tokenId },
        select: { remainQuota: true, unlimitedQuota: true },
      });
      state.tokens.set(tokenId, {
        remain: Number(t?.remainQuota ?? 0) + (state.pending.tokens.get(tokenId)?.remain ?? 0),
        unlimited: t?.unlimitedQuota ?? false,
      });
    }
  });
}

export function userQuota(userId: number): number {
  return state.users.get(userId)?.quota ?? 0;
}

export function tokenRemain(tokenId: number): number {
  return state.tokens.get(tokenId)?.remain ?? 0;
}

/**
 * Reserves `amount` from the user and (unless null, e.g. the playground) the token, atomically.
 * Call ensureAccounts first.
 */
export function reserve(
  userId: number,
  tokenId: number | null,
  amount: number,
): { ok: true; reservation: Reservation } | ReserveFailure {
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
  if (user.quota <= 0) return fail("user_exhausted");
  if (user.quota < amount) return fail("user_insufficient");
  if (token && !token.unlimited && (token.remain <= 0 || token.remain < amount)) return fail("token_insufficient");
  user.quota -= amount;
  userDelta(userId).quota -= amount;
  if (token && tokenId !== null) {
    token.remain -= amount;
    const d = tokenDelta(tokenId);
    d.remain -= amount;
    d.used += amount;
  }
  state.outstanding.count += 1;
  state.outstanding.quota += amount;
  return { ok: true, reservation: { userId, tokenId, amount, settled: false } };
}

/**
 * Settles a reservation at the actual cost and counts the request. A cost above the reservation is
 * charged only as far as the balances allow (never below zero); returns what was charged.
 */
export function settle(r: Reservation, actual: number, channelId: number): number {
  if (r.settled) throw new Error("ledger: reservation settled twice");
  r.settled = true;
  state.outstanding.count -= 1;
  state.outstanding.quota -= r.amount;
  const user = state.users.get(r.userId)!;
  const token = r.tokenId === null ? null : state.tokens.get(r.tokenId)!;
  let extra = Math.max(0, Math.round(actual) - r.amount);
  if (extra > 0) {
    let available = Math.max(0, user.quota);
    if (token && !token.unlimited) available = Math.min(available, Math.max(0, token.remain));
    extra = Math.min(extra, available);
  }
  const charged = Math.max(0, Math.round(actual)) > r.amount ? r.amount + extra : Math.max(0, Math.round(actual));
  const diff = charged - r.amount; // > 0 extra charge, < 0 refund
  user.quota -= diff;
  const ud = userDelta(r.userId);
  ud.quota -= diff;
  ud.used += charged;
  ud.requests += 1;
  if (token && r.tokenId !== null) {
    token.remain -= diff;
    const td = tokenDelta(r.tokenId);
    td.remain -= diff;
    td.used += diff;
    td.accessed = Math.floor(Date.now() / 1000);
  }
  if (charged !== 0) state.pending.channels.set(channelId, (state.pending.channels.get(channelId) ?? 0) + charged);
  return charged;
}

/** Gives a reservation back in full (the request failed before anything billable happened). */
export function refund(r: Reservation): void {
  if (r.settled) return;
  r.settled = true;
  state.outstanding.count -= 1;
  state.outstanding.quota -= r.amount;
  const user = state.users.get(r.userId);
  if (user) user.quota += r.amount;
  userDelta(r.userId).quota += r.amount;
  if (r.tokenId !== null) {
    const token = state.tokens.get(r.tokenId);
    if (token) token.remain += r.amount;
    const td = tokenDelta(r.tokenId);
    td.remain += r.amount;
    td.used -= r.amount;
  }
}

/** Takes the pending deltas for writing; they are merged back if the write fails. */
export function takeDeltas(): Deltas {
  const taken = state.pending;
  state.pending = emptyDeltas();
  return taken;
}

export function restoreDeltas(d: Deltas): void {
  for (const [id, v] of d.users) {
    const p = userDelta(id);
    p.quota += v.quota;
    p.used += v.used;
    p.requests += v.requests;
  }
  for (const [id, v] of d.tokens) {
    const p = tokenDelta(id);
    p.remain += v.remain;
    p.used += v.used;
    p.accessed = Math.max(p.accessed, v.accessed);
  }
  for (const [id, v] of d.channels) state.pending.channels.set(id, (state.pending.channels.get(id) ?? 0) + v);
}

export function hasPendingDeltas(): boolean {
  return state.pending.users.size > 0 || state.pending.tokens.size > 0 || state.pending.channels.size > 0;
}

/** Drops cached balances; only call inside the ledger queue (see bookkeeping writeAfterFlush). */
export function dropAccounts(userIds: number[], tokenIds: number[]): void {
  for (const id of userIds) state.users.delete(id);
  for (const id of tokenIds) state.tokens.delete(id);
}

export function resetLedgerForTests(): void {
  state.users.clear();
  state.tokens.clear();
  state.pending = emptyDeltas();
  state.outstanding = { count: 0, quota: 0 };
}
