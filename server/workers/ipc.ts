import "server-only";

// The worker side of the channel to the primary (server/workers/primary.ts). Used only in a
// worker process of `npm start` with WORKERS > 1 and no REDIS_URL: the primary then owns what must
// be one for the whole machine (quota ledger, consume logs, rate limits), and relays cache
// invalidation events between the processes (a call "event" that every process answers once it has
// applied the event: see lib/server/redis/bus.ts). With REDIS_URL every worker is an instance of its own and
// shares all of that through Redis instead, so nothing goes over this channel.
//
// Messages are batched: everything a worker sends in one turn of its event loop leaves as ONE
// process.send (`{ gw: [...] }`), and the primary answers the same way, so under load the cost of
// the channel is paid per batch rather than per request. The pipe keeps order, so a refund or a log
// posted after a request was sent is applied after it.
import cluster from "node:cluster";
import { redisEnabled } from "@/lib/server/redis/client";
import { singleton } from "@/lib/server/singleton";

/** A message between a worker and the primary: an operation (op) or an answer / event. */
export type Envelope = { gw: WireMessage[] };
export type WireMessage = { op?: string; id?: number; [k: string]: unknown };
export type Answer =
  | { id: number; ok?: unknown; err?: string }
  /** The primary asks workers (their metrics, an event to apply); the worker posts `reply` with the cid. */
  | { call: string; cid: number; p?: unknown };

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type State = {
  active: boolean | null;
  seq: number;
  pending: Map<number, Pending>;
  out: WireMessage[];
  scheduled: boolean;
  listening: boolean;
  calls: Map<string, (params: unknown) => unknown>;
  lazyTimer: NodeJS.Timeout | null;
};
const state = singleton<State>("workers.ipc", () => ({
  active: null,
  seq: 0,
  pending: new Map(),
  out: [],
  scheduled: false,
  listening: false,
  calls: new Map(),
  lazyTimer: null,
}));

/**
 * How long a message that nobody waits on the answer of before replying to a client (settlements:
 * they are sent after the response) may wait for others to go with it: every batch wakes the primary,
 * whose wake-ups and pipe reads were a large part of its CPU per request.
 */
const LAZY_MS = 2;

export class PrimaryGoneError extends Error {
  constructor() {
    super("the primary process is gone");
    this.name = "PrimaryGoneError";
  }
}

/** Whether this process is a worker that talks to its primary (WORKERS > 1, no REDIS_URL). */
export function workerIpc(): boolean {
  if (state.active === null) {
    state.active = cluster.isWorker && typeof process.send === "function" && !redisEnabled();
    if (state.active) listen();
  }
  return state.active;
}

function listen(): void {
  if (state.listening) return;
  state.listening = true;
  process.on("message", (msg: unknown) => {
    const batch = (msg as Partial<{ gw: Answer[] }>)?.gw;
    if (!Array.isArray(batch)) return; // e.g. rate-limiter-flexible's own cluster messages
    for (const a of batch) {
      if ("call" in a) {
        answerCall(a.call, a.cid, a.p);
        continue;
      }
      const p = state.pending.get(a.id);
      if (!p) continue;
      state.pending.delete(a.id);
      if (a.err !== undefined) p.reject(new Error(a.err));
      else p.resolve(a.ok);
    }
  });
  process.on("disconnect", () => {
    for (const p of state.pending.values()) p.reject(new PrimaryGoneError());
    state.pending.clear();
  });
}

/**
 * Whether this process is a cluster worker with a channel to its primary, in either mode (with
 * REDIS_URL too: /metrics sums the workers over it). Starts listening to the primary.
 */
export function clusterWorker(): boolean {
  const yes = cluster.isWorker && typeof process.send === "function";
  if (yes) listen();
  return yes;
}

/** What this worker answers when the primary calls `name` (server/workers/primary-ops.ts). */
export function answerCalls(name: string, work: (params: unknown) => unknown): void {
  state.calls.set(name, work);
}

function answerCall(name: string, cid: number, params: unknown): void {
  const work = state.calls.get(name);
  Promise.resolve()
    .then(() => (work ? work(params) : null))
    .then(
      (ok) => post("reply", { cid, ok: ok ?? null }),
      (err: unknown) => post("reply", { cid, err: String((err as Error)?.message ?? err) }),
    );
}

function flush(): void {
  state.scheduled = false;
  if (state.lazyTimer) {
    clearTimeout(state.lazyTimer);
    state.lazyTimer = null;
  }
  if (!state.out.length) return;
  const batch = state.out;
  state.out = [];
  if (process.connected) process.send!({ gw: batch } satisfies Envelope);
}

function enqueue(m: WireMessage, lazy = false): void {
  state.out.push(m);
  if (state.scheduled) return;
  if (lazy) {
    state.lazyTimer ??= setTimeout(flush, LAZY_MS);
    return;
  }
  state.scheduled = true;
  setImmediate(flush);
}

// post() and request() take over `fields` (callers pass a fresh literal) and add op/id to it: a copy
// by spread is built through V8's generic property path, on every message of every request.

/** Sends an operation that needs no answer (order with earlier messages is kept). */
export function post(op: string, fields: Record<string, unknown>): void {
  fields.op = op;
  enqueue(fields);
}

/**
 * Sends an operation and resolves with the primary's answer. `lazy`: the answer is not awaited on a
 * client's behalf, so the message may wait up to LAZY_MS for others to share its batch.
 */
export function request(op: string, fields: Record<string, unknown>, lazy = false): Promise<unknown> {
  if (!process.connected) return Promise.reject(new PrimaryGoneError());
  const id = ++state.seq;
  fields.op = op;
  fields.id = id;
  return new Promise((resolve, reject) => {
    state.pending.set(id, { resolve, reject });
    enqueue(fields, lazy);
  });
}

/** Sends what is queued now and resolves once it left (shutdown: nothing may stay behind). */
export function flushNow(): Promise<void> {
  state.scheduled = false;
  if (state.lazyTimer) {
    clearTimeout(state.lazyTimer);
    state.lazyTimer = null;
  }
  const batch = state.out;
  state.out = [];
  if (!batch.length || !process.connected) return Promise.resolve();
  return new Promise((resolve) => process.send!({ gw: batch } satisfies Envelope, undefined, {}, () => resolve()));
}
