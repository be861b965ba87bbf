import "server-only";

// What the primary does for its workers (the other side of lib/server/workers/ipc.ts): it is the
// one quota ledger and the one bookkeeping writer of the machine, keeps the rate-limit windows and
// counters, and relays cache invalidation events, for its workers and for the requests it serves
// itself (the same in-memory state a single process has). Reservations are remembered per worker so
// a worker that dies has its open reservations refunded, and a console write it was making is released.
import type { Worker } from "node:cluster";
import {
  flushBookkeeping,
  queueLog,
  queueUsage,
  setOutsideWriteGuard,
  writeAfterFlush,
  type LogRow,
  type UsageBucketKey,
} from "@/lib/server/ledger/bookkeeping";
import * as memory from "@/lib/server/ledger/memory-ledger";
import { reserveInMemory, setTakeBackAllowances } from "@/lib/server/ledger/ledger";
import { limitHere, type LimitCall } from "@/lib/server/http/rate-limit";
import { dispatchEvent, setEventFanout } from "@/lib/server/redis/bus";
import { redisEnabled } from "@/lib/server/redis/client";
import { applySettleRecords, type SettleRecords } from "@/lib/server/ledger/settle-records";
import { restoreFields } from "@/lib/server/workers/ascii-wire";
import { checkLocalWindow, recordLocalSuccess, type WindowLimit } from "@/lib/server/relay/sliding-windows";
import { logger } from "@/lib/server/logger";
import type { Answer, Envelope, WireMessage } from "@/lib/server/workers/ipc";
import {
  allowanceHolders,
  allowancesGone,
  freezeAllowances,
  grantAllowance,
  growAllowance,
  refundToBalances,
  releaseAllowance,
  settleFromAllowance,
} from "@/lib/server/workers/primary-allowances";

type Held = { r: memory.Reservation; worker: number };
const reservations = new Map<number, Held>();
const locks = new Map<number, { worker: number; release: () => void }>();
const outbox = new Map<Worker, Answer[]>();
let seq = 0;
let flushScheduled = false;
/** Calls to every worker waiting for their replies, by call id. */
const calls = new Map<number, (reply: WireMessage) => void>();
let workersOf: () => Iterable<Worker> = () => [];
let primary = false;

/**
 * This process is the primary of `workers` (primary.ts): events, allowances and metrics involve them.
 * Without Redis its own reservations and console writes take back the workers' allowances first,
 * and the events it emits reach them.
 */
export function becomePrimary(workers: () => Iterable<Worker>): void {
  workersOf = workers;
  primary = true;
  if (redisEnabled()) return;
  setTakeBackAllowances(takeBackAllowances);
  setOutsideWriteGuard(async (users, tokens) => {
    // No allowance may go on spending what the write is about to set (e.g. an admin's quota of 0).
    const thaw = freezeAllowances(users, tokens);
    await revokeAllowances(users, tokens);
    return thaw;
  });
  setEventFanout((topic, payload) => {
    for (const w of workersOf()) send(w, { ev: topic, p: payload });
  });
}

/** Whether this process is the primary of worker processes. */
export function isPrimary(): boolean {
  return primary;
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

function flushOutbox(): void {
  flushScheduled = false;
  for (const [w, batch] of outbox) if (w.isConnected()) w.send({ gw: batch });
  outbox.clear();
}

function send(w: Worker, a: Answer): void {
  const list = outbox.get(w);
  if (list) list.push(a);
  else outbox.set(w, [a]);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushOutbox);
  }
}

function answer(w: Worker, id: number, work: () => unknown): void {
  try {
    const v = work();
    if (v instanceof Promise)
      v.then(
        (ok) => send(w, { id, ok: ok ?? null }),
        (err: unknown) => send(w, { id, err: String((err as Error)?.message ?? err) }),
      );
    else send(w, { id, ok: v ?? null });
  } catch (err) {
    send(w, { id, err: String((err as Error)?.message ?? err) });
  }
}

async function reserve(w: Worker, m: WireMessage) {
  const u = m.u as number;
  const t = m.t as number | null;
  const amount = m.a as number;
  const res = await reserveInMemory(u, t, amount, m.m as number);
  if (!res.ok) return res;
  // Gone while the ledger decided (workerGone may already have run): nobody would settle or refund it.
  if (!w.isConnected()) {
    memory.refund(res.reservation);
    throw new Error("worker gone");
  }
  const rid = ++seq;
  reservations.set(rid, { r: res.reservation, worker: w.id });
  if (!m.g) return { rid, amount: res.reservation.amount };
  const gid = ++seq;
  const g = grantAllowance(w.id, u, t, amount, gid);
  return g ? { rid, amount: res.reservation.amount, gid, g } : { rid, amount: res.reservation.amount };
}

function settle(m: WireMessage) {
  let charged: number;
  let userId: number;
  if (m.g !== undefined)
    ({ charged, userId } = settleFromAllowance(m.g as number, m.p as number, m.actual as number, m.ch as number));
  else {
    const held = reservations.get(m.r as number);
    if (!held) throw new Error("ledger: unknown reservation");
    reservations.delete(m.r as number);
    charged = memory.settle(held.r, m.actual as number, m.ch as number);
    userId = held.r.userId;
  }
  const rec = m.rec as SettleRecords | null;
  if (rec) {
    if (rec.log) restoreFields(rec.log);
    if (rec.usage) restoreFields(rec.usage.key);
    applySettleRecords(rec, charged);
  }
  return { charged, userQuota: memory.userQuota(userId) };
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

/** A worker's console write: it runs once the ledger queue is held for it (writeAfterFlush). */
function outsideWrite(w: Worker, m: WireMessage): void {
  const id = m.id as number;
  const lock = ++seq;
  writeAfterFlush(
    () =>
      new Promise<void>((release) => {
        // A worker gone while the write waited its turn would never say "written": release at once.
        if (!w.isConnected()) return release();
        locks.set(lock, { worker: w.id, release });
        send(w, { id, ok: lock });
      }),
    { userIds: m.users as number[], tokenIds: m.tokens as number[] },
  ).catch((err: unknown) => send(w, { id, err: String((err as Error)?.message ?? err) }));
}

function handle(w: Worker, m: WireMessage): void {
  const id = m.id as number;
  switch (m.op) {
    case "reserve":
      return answer(w, id, () => reserve(w, m));
    case "settle":
      return answer(w, id, () => settle(m));
    case "refund": {
      const held = reservations.get(m.r as number);
      reservations.delete(m.r as number);
      if (held) memory.refund(held.r);
      return;
    }
    case "grow":
      return answer(w, id, () => growAllowance(m.g as number, m.a as number));
    case "unhold":
      return refundToBalances(m.g as number, m.p as number);
    case "release":
      return releaseAllowance(m.g as number, m.left as number);
    case "log":
      return queueLog(m.row as LogRow);
    case "usage":
      return queueUsage(m.key as UsageBucketKey, m.quota as number, m.tokens as number, m.holdMinutes as number);
    case "flush":
      return answer(w, id, () => flushBookkeeping());
    case "write":
      return outsideWrite(w, m);
    case "written":
      locks.get(m.lock as number)?.release();
      locks.delete(m.lock as number);
      return;
    case "rate":
      return answer(w, id, () => checkLocalWindow(m.scope as string, m.limit as WindowLimit));
    case "rateOk":
      return recordLocalSuccess(m.scope as string, m.windowMs as number);
    case "limit":
      return answer(w, id, () => limitHere(m.l as LimitCall));
    case "reply":
      return calls.get(m.cid as number)?.(m);
    case "metrics":
      return answer(w, id, () => allMetrics());
    case "event":
      dispatchEvent(m.topic as string, m.payload);
      for (const other of workersOf()) if (other !== w) send(other, { ev: m.topic as string, p: m.payload });
      return;
  }
}

/**
 * Answers of every live worker (or of `only`) to `name` with `params` (see ipc.ts answerCalls); a
 * worker silent for `timeoutMs` is left out.
 */
export function callWorkers(name: string, timeoutMs = 2000, params?: unknown, only?: Worker[]): Promise<unknown[]> {
  const cid = ++seq;
  const targets = (only ?? [...workersOf()]).filter((w) => w.isConnected());
  const replies: unknown[] = [];
  return new Promise((resolve) => {
    let waiting = targets.length;
    const done = () => {
      calls.delete(cid);
      clearTimeout(timer);
      resolve(replies);
    };
    const timer = setTimeout(done, timeoutMs);
    calls.set(cid, (m) => {
      if (m.err === undefined) replies.push(m.ok);
      if (--waiting <= 0) done();
    });
    if (!waiting) return done();
    for (const w of targets) send(w, params === undefined ? { call: name, cid } : { call: name, cid, p: params });
  });
}

/** /metrics of the whole process tree: this process's registry summed with every worker's. */
export async function allMetrics(): Promise<string> {
  const { sumMetrics, ownMetrics } = await import("@/lib/server/workers/primary-metrics");
  const [own, workers] = await Promise.all([ownMetrics(), callWorkers("metrics")]);
  return sumMetrics(own ? [own, ...workers] : workers);
}

/** A message from a worker (one batch). Messages of other protocols are not ours. */
export function handleWorkerMessage(w: Worker, msg: unknown): void {
  const batch = (msg as Partial<Envelope>)?.gw;
  if (!Array.isArray(batch)) return;
  for (const m of batch) {
    try {
      handle(w, m);
    } catch (err) {
      logger().error({ err, op: m.op }, "worker message failed");
    }
  }
}

/** A worker is gone (its channel closed, so nothing more can arrive): refund and release what it held. */
export function workerGone(workerId: number): { refunded: number; quota: number } {
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
