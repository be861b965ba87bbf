import "server-only";

// What the primary does for its workers (the other side of lib/server/workers/ipc.ts): it is the
// one quota ledger and the one bookkeeping writer of the machine, keeps the relay rate-limit
// windows, and relays cache invalidation events. Reservations are remembered per worker so a worker
// that dies has its open reservations refunded, and a console write it was making is released.
import type { Worker } from "node:cluster";
import {
  flushBookkeeping,
  queueLog,
  queueUsage,
  writeAfterFlush,
  type LogRow,
  type UsageBucketKey,
} from "@/lib/server/ledger/bookkeeping";
import * as memory from "@/lib/server/ledger/memory-ledger";
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

/** Where events are relayed: every live worker (set by primary.ts). */
export function setWorkerSource(source: () => Iterable<Worker>): void {
  workersOf = source;
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
  await memory.ensureAccounts(u, t);
  let res = memory.reserve(u, t, amount, m.m as number);
  const tokens = t === null ? [] : [t];
  if ((!res.ok || res.reservation.amount < amount) && allowanceHolders([u], tokens).size) {
    // Allowances sit on some of this account: take their unused parts back, then decide. No new
    // allowance on it meanwhile (a worker whose allowance was revoked asks again at once).
    if (res.ok) memory.refund(res.reservation);
    const thaw = freezeAllowances([u], tokens);
    try {
      await revokeAllowances([u], tokens);
      await memory.ensureAccounts(u, t);
      res = memory.reserve(u, t, amount, m.m as number);
    } finally {
      thaw();
    }
  }
  if (!res.ok) return res;
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

function outsideWrite(w: Worker, m: WireMessage): void {
  const id = m.id as number;
  const lock = ++seq;
  const users = m.users as number[];
  const tokens = m.tokens as number[];
  // No allowance may go on spending what the write is about to set (e.g. an admin's quota of 0).
  const thaw = freezeAllowances(users, tokens);
  revokeAllowances(users, tokens)
    .then(() =>
      writeAfterFlush(
        () =>
          new Promise<void>((release) => {
            locks.set(lock, { worker: w.id, release });
            send(w, { id, ok: lock });
          }),
        { userIds: users, tokenIds: tokens },
      ),
    )
    .catch((err: unknown) => send(w, { id, err: String((err as Error)?.message ?? err) }))
    .finally(thaw);
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
    case "reply":
      return calls.get(m.cid as number)?.(m);
    case "metrics":
      // Imported here: prom-client is only loaded by a primary that is scraped.
      return answer(w, id, async () =>
        (await import("@/lib/server/workers/primary-metrics")).sumMetrics(await callWorkers("metrics")),
      );
    case "event":
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
