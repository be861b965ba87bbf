import "server-only";

// Allowances: quota the primary sets aside for one worker and one account (user + token), from which
// that worker takes its reservations without asking (server/workers/remote-ledger.ts). Without
// them every relay request waited for a round trip to the primary before calling upstream: +0.2 ms
// at concurrency 1 and a pipe message each way per request.
//
// Exactness is the ledger's: an allowance is taken from the balances in memory (memory-ledger
// hold()), so nothing else can spend it, and it is charged part by part as the worker settles its
// requests. It is granted only while the account has plenty left (ALLOWANCE_SHARE); a reservation
// the balances refuse while allowances hold some of them first revokes those (primary-ops.ts), so
// nobody is refused quota that an idle allowance sits on, and a console write to an account revokes
// them before it runs.
import * as memory from "@/lib/server/ledger/memory-ledger";
import { hold, releaseHold, reservationFromHold } from "@/lib/server/ledger/memory-holds";

/** An allowance covers this many requests like the one that asked for it... */
const ALLOWANCE_REQUESTS = 256;
/** ...and never more than this share of what the account has left after that request. */
const ALLOWANCE_SHARE = 8;

type Allowance = {
  userId: number;
  tokenId: number | null;
  worker: number;
  /** What is still held: the worker's unused part plus its reservations not yet settled. */
  amount: number;
  /** The worker gave the unused part back; the allowance ends once its reservations are settled. */
  released: boolean;
};

const allowances = new Map<number, Allowance>();
/** Accounts a console write is changing: no allowance is granted on them meanwhile. */
const frozenUsers = new Map<number, number>();
const frozenTokens = new Map<number, number>();

/** Holds quota for about ALLOWANCE_REQUESTS requests of `per` on the account; 0 when it may not. */
function holdFor(userId: number, tokenId: number | null, per: number): number {
  if (frozenUsers.has(userId) || (tokenId !== null && frozenTokens.has(tokenId))) return 0;
  const unit = Math.max(1, per);
  const size = Math.min(ALLOWANCE_REQUESTS * unit, Math.floor(memory.available(userId, tokenId) / ALLOWANCE_SHARE));
  return size >= 2 * unit && hold(userId, tokenId, size) ? size : 0;
}

/** Grants worker an allowance `gid` for about ALLOWANCE_REQUESTS requests of `per`; 0 when none. */
export function grantAllowance(
  worker: number,
  userId: number,
  tokenId: number | null,
  per: number,
  gid: number,
): number {
  const size = holdFor(userId, tokenId, per);
  if (size) allowances.set(gid, { userId, tokenId, worker, amount: size, released: false });
  return size;
}

/**
 * Adds to allowance gid before the worker runs out (it asks at half, while it still reserves from
 * what is left, so its requests need not wait); answers what was added, 0 when nothing was.
 */
export function growAllowance(gid: number, per: number): number {
  const a = allowances.get(gid);
  if (!a || a.released) return 0;
  const size = holdFor(a.userId, a.tokenId, per);
  a.amount += size;
  return size;
}

/** Takes `amount` out of allowance gid (a worker can never give back or settle more than it holds). */
function take(gid: number, amount: number): Allowance {
  const a = allowances.get(gid);
  if (!a) throw new Error("ledger: unknown allowance");
  if (!(Number.isFinite(amount) && amount >= 0 && amount <= a.amount)) throw new Error("ledger: allowance overdrawn");
  a.amount -= amount;
  if (a.released && a.amount === 0) allowances.delete(gid);
  return a;
}

/** Settles a reservation of `part` the worker took from allowance gid; returns the charge. */
export function settleFromAllowance(gid: number, part: number, actual: number, channelId: number) {
  const a = take(gid, part);
  const charged = memory.settle(reservationFromHold(a.userId, a.tokenId, part), actual, channelId);
  return { charged, userId: a.userId };
}

/** A reservation of `part` from allowance gid failed before anything billable: back to the balances. */
export function refundToBalances(gid: number, part: number): void {
  const a = take(gid, part);
  releaseHold(a.userId, a.tokenId, part);
}

/** The worker gives back what it did not use of allowance gid (idle, replaced or revoked). */
export function releaseAllowance(gid: number, unused: number): void {
  const a = allowances.get(gid);
  if (!a) throw new Error("ledger: unknown allowance");
  a.released = true;
  refundToBalances(gid, unused);
}

/** Ids of the workers holding unreleased allowances on any of these accounts. */
export function allowanceHolders(users: readonly number[], tokens: readonly number[]): Set<number> {
  const found = new Set<number>();
  for (const a of allowances.values())
    if (!a.released && (users.includes(a.userId) || (a.tokenId !== null && tokens.includes(a.tokenId))))
      found.add(a.worker);
  return found;
}

/** Stops granting on these accounts until the returned function is called (console writes). */
export function freezeAllowances(users: readonly number[], tokens: readonly number[]): () => void {
  const bump = (map: Map<number, number>, id: number, by: number) => {
    const v = (map.get(id) ?? 0) + by;
    if (v > 0) map.set(id, v);
    else map.delete(id);
  };
  for (const id of users) bump(frozenUsers, id, 1);
  for (const id of tokens) bump(frozenTokens, id, 1);
  return () => {
    for (const id of users) bump(frozenUsers, id, -1);
    for (const id of tokens) bump(frozenTokens, id, -1);
  };
}

/** A worker is gone: everything its allowances still held goes back (its requests died with it). */
export function allowancesGone(worker: number): number {
  let quota = 0;
  for (const [gid, a] of allowances) {
    if (a.worker !== worker) continue;
    allowances.delete(gid);
    releaseHold(a.userId, a.tokenId, a.amount);
    quota += a.amount;
  }
  return quota;
}

export function resetAllowancesForTests(): void {
  allowances.clear();
  frozenUsers.clear();
  frozenTokens.clear();
}
