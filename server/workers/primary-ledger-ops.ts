import "server-only";

// The quota ledger's operations that workers ask of their primary (primary-ops.ts routes them here):
// reservations decided on the one in-memory ledger of the machine, settlements with their logs, and
// console writes that hold the ledger queue while a worker writes. Reservations and write locks are
// remembered per worker, so a worker that dies has its open reservations refunded and its lock
// released (workerGone).
import type { Worker } from "node:cluster";
import { setOutsideWriteGuard, writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import * as memory from "@/lib/server/ledger/memory-ledger";
import { reserveInMemory, setTakeBackAllowances } from "@/lib/server/ledger/ledger";
import { applySettleRecords, type SettleRecords } from "@/lib/server/ledger/settle-records";
import { restoreFields } from "@/server/workers/ascii-wire";
import { logger } from "@/lib/server/logger";
import type { WireMessage } from "@/server/workers/ipc";
import { callWorkers, send, workersOf } from "@/server/workers/primary-link";
import {
  allowanceHolders,
  allowancesGone,
  freezeAllowances,
  grantAllowance,
  releaseAllowance,
  settleFromAllowance,
} from "@/server/workers/primary-allowances";

type Held = { r: memory.Reservation; worker: number };
const reservations = new Map<number, Held>();
const locks = new Map<number, { worker: number; release: () => void }>();
let seq = 0;

/**
 * Without Redis, the primary's own reservations and console writes take back the workers'
 * allowances first (ledger.ts, bookkeeping.ts call these).
 */
export function guardLedgerWithAllowances(): void {
  setTakeBackAllowances(takeBackAllowances);
  setOutsideWriteGuard(async (users, tokens) => {
    // No allowance may go on spending what the write is about to set (e.g. an admin's quota of 0).
    const thaw = freezeAllowances(users, tokens);
    await revokeAllowances(users, tokens);
    return thaw;
  });
}

/**
 * Before a reservation on the account is refused: if allowances sit on some of it, take their
 * unused parts back; no new allowance on it until `thaw` (a worker whose allowance was revoked asks
 * again at once). Null when no allowance sits on it.
 */
async function takeBackAllowances(userId: number, tokenId: number | null): Promise<(() => void) | null> {
  const tokens = tokenId === null ? [] : [tokenId];
  if (!allowanceHolders([userId], tokens).size) return null;
  const thaw = freezeAllowances([userId], tokens);
  await revokeAllowances([userId], tokens);
  return thaw;
}

/** Asks the workers holding allowances on these accounts for their unused parts, and takes them back. */
async function revokeAllowances(users: number[], tokens: number[]): Promise<void> {
  const holders = allowanceHolders(users, tokens);
  if (!holders.size) return;
  const targets = [...workersOf()].filter((w) => holders.has(w.id));
  const replies = await callWorkers("revoke", 2000, { users, tokens }, targets);
  for (const list of replies)
    for (const { g, left } of (list as { g: number; left: number }[] | null) ?? []) {
      try {
        releaseAllowance(g, left);
      } catch (err) {
        logger().error({ err }, "revoked allowance not released");
      }
    }
}

export async function reserve(w: Worker, m: WireMessage) {
  const u = m.u as number;
  const t = m.t as number | null;
  const amount = m.a as number;
  const pref = typeof m.p === "string" ? m.p : "";
  const res = await reserveInMemory(u, t, amount, m.m as number, pref);
  if (!res.ok) return res;
  // Gone while the ledger decided (workerGone may already have run): nobody would settle or refund it.
  if (!w.isConnected()) {
    memory.refund(res.reservation);
    throw new Error("worker gone");
  }
  const rid = ++seq;
  reservations.set(rid, { r: res.reservation, worker: w.id });
  const plan = res.reservation.plan;
  if (plan) return { rid, amount: res.reservation.amount, plan };
  // An allowance is the wallet's: none while a plan would pay first.
  if (!m.g || !memory.walletPaysFirst(u, pref)) return { rid, amount: res.reservation.amount };
  const gid = ++seq;
  const g = grantAllowance(w.id, u, t, amount, gid);
  return g ? { rid, amount: res.reservation.amount, gid, g } : { rid, amount: res.reservation.amount };
}

export function settle(m: WireMessage) {
  let charged: number;
  let userId: number;
  let paid: memory.Reservation | { amount: number } = { amount: m.p as number };
  if (m.g !== undefined)
    ({ charged, userId } = settleFromAllowance(m.g as number, m.p as number, m.actual as number, m.ch as number));
  else {
    const held = reservations.get(m.r as number);
    if (!held) throw new Error("ledger: unknown reservation");
    reservations.delete(m.r as number);
    charged = memory.settle(held.r, m.actual as number, m.ch as number);
    userId = held.r.userId;
    paid = held.r;
  }
  const rec = m.rec as SettleRecords | null;
  if (rec) {
    if (rec.log) restoreFields(rec.log);
    if (rec.usage) restoreFields(rec.usage.key);
    applySettleRecords(rec, charged, paid);
  }
  return { charged, userQuota: memory.loadedUserQuota(userId) };
}

export function refund(m: WireMessage): void {
  const held = reservations.get(m.r as number);
  reservations.delete(m.r as number);
  if (held) memory.refund(held.r);
}

/** A worker's console write: it runs once the ledger queue is held for it (writeAfterFlush). */
export function outsideWrite(w: Worker, m: WireMessage): void {
  const id = m.id as number;
  const users = m.users as number[];
  const tokens = m.tokens as number[];
  const lock = ++seq;
  writeAfterFlush(
    () =>
      new Promise<void>((release) => {
        // A worker gone while the write waited its turn would never say "written": release at once.
        if (!w.isConnected()) return release();
        // The balances are dropped the moment the write is over (still inside the queue, which the
        // write holds), not a turn later: a reservation that came in the same batch after "written"
        // must be decided on what the write stored.
        const written = () => {
          memory.dropAccounts(users, tokens);
          release();
        };
        locks.set(lock, { worker: w.id, release: written });
        send(w, { id, ok: lock });
      }),
    { userIds: users, tokenIds: tokens },
  ).catch((err: unknown) => send(w, { id, err: String((err as Error)?.message ?? err) }));
}

/** The worker says its console write holding `lock` is over. */
export function written(lock: number): void {
  locks.get(lock)?.release();
  locks.delete(lock);
}

/** A worker is gone: its open reservations are refunded, its allowances and write lock released. */
export function ledgerOfWorkerGone(workerId: number): { refunded: number; quota: number } {
  let refunded = 0;
  let quota = 0;
  for (const [rid, held] of reservations) {
    if (held.worker !== workerId) continue;
    reservations.delete(rid);
    memory.refund(held.r);
    refunded += 1;
    quota += held.r.amount;
  }
  quota += allowancesGone(workerId);
  for (const [lock, l] of locks) {
    if (l.worker !== workerId) continue;
    locks.delete(lock);
    l.release();
  }
  return { refunded, quota };
}
