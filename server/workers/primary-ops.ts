import "server-only";

// What the primary does for its workers (the other side of server/workers/ipc.ts): it is the
// one quota ledger and the one bookkeeping writer of the machine (primary-ledger-ops.ts), keeps the
// rate-limit windows and counters, and relays cache invalidation events, for its workers and for the
// requests it serves itself (the same in-memory state a single process has). The channel itself
// (batched answers, calls to the workers) is primary-link.ts.
import type { Worker } from "node:cluster";
import {
  flushBookkeeping,
  queueLog,
  queueUsage,
  type LogRow,
  type UsageBucketKey,
} from "@/lib/server/ledger/bookkeeping";
import { limitHere, type LimitCall } from "@/lib/server/http/rate-limit";
import { EVENT_DELIVERY_MS, dispatchEvent, setEventFanout } from "@/lib/server/redis/bus";
import { redisEnabled } from "@/lib/server/redis/client";
import { checkLocalWindow, recordLocalSuccess, type WindowLimit } from "@/relay/auth/sliding-windows";
import { logger } from "@/lib/server/logger";
import type { Envelope, WireMessage } from "@/server/workers/ipc";
import { growAllowance, refundToBalances, releaseAllowance } from "@/server/workers/primary-allowances";
import { answer, callWorkers, send, setWorkerSource, takeReply, workersOf } from "@/server/workers/primary-link";
import {
  guardLedgerWithAllowances,
  ledgerOfWorkerGone,
  outsideWrite,
  refund,
  reserve,
  settle,
  written,
} from "@/server/workers/primary-ledger-ops";

let primary = false;
let serving: (w: Worker) => boolean = () => true;

/**
 * This process is the primary of `workers` (primary.ts): events, allowances and metrics involve them.
 * Without Redis its own reservations and console writes take back the workers' allowances first,
 * and the events it emits reach them before the write that emitted them is answered.
 */
export function becomePrimary(workers: () => Iterable<Worker>, isServing?: (w: Worker) => boolean): void {
  setWorkerSource(workers);
  if (isServing) serving = isServing;
  primary = true;
  if (redisEnabled()) return;
  guardLedgerWithAllowances();
  setEventFanout((topic, payload) => deliverToWorkers(topic, payload));
}

/** Whether this process is the primary of worker processes. */
export function isPrimary(): boolean {
  return primary;
}

/**
 * Sends an event to every worker but `except`; resolves once each that serves has applied it (its
 * caches are dropped), or after EVENT_DELIVERY_MS for one that does not answer (stuck: the hang watch
 * kills it). A worker still starting gets it too but is not waited for: it serves nobody yet, and
 * until it listens to its channel it could not answer.
 */
function deliverToWorkers(topic: string, payload: unknown, except?: Worker): Promise<void> {
  const others = [...workersOf()].filter((w) => w !== except && w.isConnected());
  const waitFor = others.filter(serving);
  for (const w of others) if (!serving(w)) send(w, { call: "event", cid: 0, p: { topic, payload } });
  if (!waitFor.length) return Promise.resolve();
  return callWorkers("event", EVENT_DELIVERY_MS, { topic, payload }, waitFor).then(() => undefined);
}

/** A worker's event: applied here, then by every other worker; the worker is answered once they have. */
function relayEvent(from: Worker, m: WireMessage): Promise<void> {
  dispatchEvent(m.topic as string, m.payload);
  return deliverToWorkers(m.topic as string, m.payload, from);
}

function handle(w: Worker, m: WireMessage): void {
  const id = m.id as number;
  switch (m.op) {
    case "reserve":
      return answer(w, id, () => reserve(w, m));
    case "settle":
      return answer(w, id, () => settle(m));
    case "refund":
      return refund(m);
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
      return written(m.lock as number);
    case "rate":
      return answer(w, id, () => checkLocalWindow(m.scope as string, m.limit as WindowLimit));
    case "rateOk":
      return recordLocalSuccess(m.scope as string, m.windowMs as number);
    case "limit":
      return answer(w, id, () => limitHere(m.l as LimitCall));
    case "reply":
      return takeReply(m);
    case "metrics":
      return answer(w, id, () => allMetrics());
    case "event":
      return answer(w, id, () => relayEvent(w, m));
  }
}

/** /metrics of the whole process tree: this process's registry summed with every worker's. */
export async function allMetrics(): Promise<string> {
  const { sumMetrics, ownMetrics } = await import("@/server/workers/primary-metrics");
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
  return ledgerOfWorkerGone(workerId);
}
