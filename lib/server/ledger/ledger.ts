import "server-only";

// The quota ledger the relay talks to: reserve before the upstream call, settle after, refund on
// failure. One instance keeps balances in memory (memory-ledger.ts); with REDIS_URL every instance
// shares them in Redis (redis-ledger.ts). Both record settled charges as deltas (deltas.ts) that the
// bookkeeping writer persists with the consume logs. In worker processes (WORKERS > 1, no
// REDIS_URL) the primary holds the in-memory ledger for all of them (server/workers/remote-ledger.ts).
import { redisEnabled } from "@/lib/server/redis/client";
import * as memory from "@/lib/server/ledger/memory-ledger";
import * as shared from "@/lib/server/ledger/redis-ledger";
import type { Reservation, ReserveResult } from "@/lib/server/ledger/memory-ledger";
import { applySettleRecords, type SettleRecords } from "@/lib/server/ledger/settle-records";
import { workerIpc } from "@/server/workers/ipc";
import { remoteRefund, remoteReservationStats, remoteReserve, remoteSettle } from "@/server/workers/remote-ledger";

export type { Reservation, ReserveFailure, ReserveResult } from "@/lib/server/ledger/memory-ledger";

/**
 * Reserves `amount` from the user's wallet or one of the user's subscription plans (in the order the
 * billing preference `pref` says: plan-accounts.ts) and (unless null, e.g. the playground) the token,
 * atomically; with `min` < `amount`, as much of `amount` as the balances hold, if that is at least
 * `min` (the reservation says how much). Throws RedisUnavailableError when the shared ledger cannot be
 * reached.
 */
export async function reserve(
  userId: number,
  tokenId: number | null,
  amount: number,
  min = amount,
  pref = "subscription_first",
): Promise<ReserveResult> {
  if (redisEnabled()) return shared.reserve(userId, tokenId, amount, min, pref);
  if (workerIpc()) return remoteReserve(userId, tokenId, amount, min, pref);
  return reserveInMemory(userId, tokenId, amount, min, pref);
}

type TakeBack = (userId: number, tokenId: number | null) => Promise<(() => void) | null>;
/** The primary of worker processes (primary-ops.ts): takes back allowances held on an account. */
let takeBackAllowances: TakeBack | null = null;

export function setTakeBackAllowances(takeBack: TakeBack): void {
  takeBackAllowances = takeBack;
}

/**
 * reserve() on this process's balances (one process, or the primary for itself and its workers).
 * In a primary, quota that workers' allowances hold is taken back before a reservation is refused or
 * cut, so nobody is refused quota an idle allowance sits on.
 */
export async function reserveInMemory(
  userId: number,
  tokenId: number | null,
  amount: number,
  min: number,
  pref = "subscription_first",
): Promise<ReserveResult> {
  // Never `await ensureAccounts` then reserve: a console write may drop the balances in between.
  const res = await memory.reserveLoading(userId, tokenId, amount, min, pref);
  if ((res.ok && res.reservation.amount >= amount) || !takeBackAllowances) return res;
  const thaw = await takeBackAllowances(userId, tokenId);
  if (!thaw) return res;
  try {
    if (res.ok) memory.refund(res.reservation);
    return await memory.reserveLoading(userId, tokenId, amount, min, pref);
  } finally {
    thaw();
  }
}

/**
 * Settles a reservation at the actual cost and counts the request; a cost above the balances is
 * charged too, as a debt (the balances go negative). Answers the charge and the user's balance after it
 * (null when unknown).
 */
export async function settle(
  r: Reservation,
  actual: number,
  channelId: number,
): Promise<{ charged: number; userQuota: number | null }> {
  if (redisEnabled()) return shared.settle(r, actual, channelId);
  if (workerIpc()) return remoteSettle(r, actual, channelId, null);
  const charged = memory.settle(r, actual, channelId);
  return { charged, userQuota: memory.loadedUserQuota(r.userId) };
}

/** Gives a reservation back in full (the request failed before anything billable happened). */
export async function refund(r: Reservation): Promise<void> {
  if (redisEnabled()) return shared.refund(r);
  if (workerIpc()) return remoteRefund(r);
  memory.refund(r);
}

/**
 * settle() plus the consume log and usage bucket of the request, queued with the charge filled in.
 * In a worker process both go to the primary in one message, so they are applied together or not
 * at all.
 */
export async function settleAndRecord(
  r: Reservation,
  actual: number,
  channelId: number,
  records: SettleRecords,
): Promise<{ charged: number; userQuota: number | null }> {
  if (workerIpc()) return remoteSettle(r, actual, channelId, records);
  const settled = await settle(r, actual, channelId);
  applySettleRecords(records, settled.charged, r);
  return settled;
}

/** Reservations of this instance not yet settled or refunded, and the quota they hold. */
export function reservationStats(): { count: number; quota: number } {
  if (redisEnabled()) return shared.redisReservationStats();
  return workerIpc() ? remoteReservationStats() : memory.reservationStats();
}
