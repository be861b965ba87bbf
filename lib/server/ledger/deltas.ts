import "server-only";

// Balance changes not yet written to the database, and the one async queue that orders loads,
// flushes and outside writes of this instance. The bookkeeping writer (bookkeeping.ts) persists the
// deltas together with the consume logs in one transaction, so the database never shows a charge
// without its log or the reverse.
import { singleton } from "@/lib/server/singleton";

export type UserDelta = { quota: number; used: number; requests: number };
export type TokenDelta = { remain: number; used: number; accessed: number };
/** A subscription's used quota change within one quota period (plan-accounts.ts). */
export type PlanDelta = { sub: number; epoch: number; used: number };
export type Deltas = {
  users: Map<number, UserDelta>;
  tokens: Map<number, TokenDelta>;
  channels: Map<number, number>;
  /** keyed "<sub>:<epoch>" */
  plans: Map<string, PlanDelta>;
};

export function emptyDeltas(): Deltas {
  return { users: new Map(), tokens: new Map(), channels: new Map(), plans: new Map() };
}

const state = singleton<{ pending: Deltas; queue: Promise<unknown> }>("relay.deltas", () => ({
  pending: emptyDeltas(),
  queue: Promise.resolve(),
}));

/** Runs fn after every earlier load/flush/outside write of this instance finished. */
export function serialised<T>(fn: () => Promise<T>): Promise<T> {
  const run = state.queue.then(fn, fn);
  state.queue = run.catch(() => undefined);
  return run;
}

export function pendingUser(id: number): UserDelta {
  let d = state.pending.users.get(id);
  if (!d) state.pending.users.set(id, (d = { quota: 0, used: 0, requests: 0 }));
  return d;
}

export function pendingToken(id: number): TokenDelta {
  let d = state.pending.tokens.get(id);
  if (!d) state.pending.tokens.set(id, (d = { remain: 0, used: 0, accessed: 0 }));
  return d;
}

/** Adds `used` to a subscription's used quota in quota period `epoch`. */
export function addPlanUsed(sub: number, epoch: number, used: number): void {
  if (used === 0) return;
  const key = `${sub}:${epoch}`;
  const d = state.pending.plans.get(key);
  if (d) d.used += used;
  else state.pending.plans.set(key, { sub, epoch, used });
}

/** The pending used change of a subscription in period `epoch` (what a fresh database read misses). */
export function pendingPlanUsed(sub: number, epoch: number): number {
  return state.pending.plans.get(`${sub}:${epoch}`)?.used ?? 0;
}

/** The pending quota change of a user / token (what a fresh database read is missing). */
export function pendingUserQuota(id: number): number {
  return state.pending.users.get(id)?.quota ?? 0;
}

export function pendingTokenRemain(id: number): number {
  return state.pending.tokens.get(id)?.remain ?? 0;
}

/** What a database read of these balances is missing (settled here, not yet flushed). */
export function pendingBalances(userId: number, tokenId: number | null) {
  const u = state.pending.users.get(userId);
  const t = tokenId === null ? undefined : state.pending.tokens.get(tokenId);
  return { userQuota: u?.quota ?? 0, userUsed: u?.used ?? 0, tokenRemain: t?.remain ?? 0, tokenUsed: t?.used ?? 0 };
}

export function addChannelUsed(channelId: number, charged: number): void {
  if (charged !== 0) state.pending.channels.set(channelId, (state.pending.channels.get(channelId) ?? 0) + charged);
}

/**
 * Records a settled charge: the request is counted, the balances drop by `charged` (the wallet's, or
 * with `plan` the subscription's in that quota period).
 */
export function recordCharge(
  userId: number,
  tokenId: number | null,
  charged: number,
  channelId: number,
  plan?: { sub: number; epoch: number },
): void {
  const ud = pendingUser(userId);
  if (plan) addPlanUsed(plan.sub, plan.epoch, charged);
  else ud.quota -= charged;
  ud.used += charged;
  ud.requests += 1;
  if (tokenId !== null) {
    const td = pendingToken(tokenId);
    td.remain -= charged;
    td.used += charged;
    td.accessed = Math.floor(Date.now() / 1000);
  }
  addChannelUsed(channelId, charged);
}

/** Takes the pending deltas for writing; they are merged back if the write fails. */
export function takeDeltas(): Deltas {
  const taken = state.pending;
  state.pending = emptyDeltas();
  return taken;
}

export function restoreDeltas(d: Deltas): void {
  for (const [id, v] of d.users) {
    const p = pendingUser(id);
    p.quota += v.quota;
    p.used += v.used;
    p.requests += v.requests;
  }
  for (const [id, v] of d.tokens) {
    const p = pendingToken(id);
    p.remain += v.remain;
    p.used += v.used;
    p.accessed = Math.max(p.accessed, v.accessed);
  }
  for (const [id, v] of d.channels) addChannelUsed(id, v);
  for (const v of d.plans.values()) addPlanUsed(v.sub, v.epoch, v.used);
}

export function hasPendingDeltas(): boolean {
  const p = state.pending;
  return p.users.size > 0 || p.tokens.size > 0 || p.channels.size > 0 || p.plans.size > 0;
}

export function resetDeltasForTests(): void {
  state.pending = emptyDeltas();
}
