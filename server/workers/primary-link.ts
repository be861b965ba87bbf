import "server-only";

// The primary's half of the channel to its workers (the worker's half is ipc.ts): who the workers
// are, answers batched per worker and turn of the event loop (one process.send each, like the
// workers' own batches), and calls to every worker that wait for their replies, bounded in time.
import type { Worker } from "node:cluster";
import type { Answer, WireMessage } from "@/server/workers/ipc";

const outbox = new Map<Worker, Answer[]>();
let flushScheduled = false;
let seq = 0;
/** Calls to workers waiting for their replies, by call id. */
const calls = new Map<number, (reply: WireMessage) => void>();
let workers: () => Iterable<Worker> = () => [];

/** The live workers of this primary, from now on (primary.ts). */
export function setWorkerSource(source: () => Iterable<Worker>): void {
  workers = source;
}

export function workersOf(): Iterable<Worker> {
  return workers();
}

function flushOutbox(): void {
  flushScheduled = false;
  for (const [w, batch] of outbox) if (w.isConnected()) w.send({ gw: batch });
  outbox.clear();
}

/** Queues `a` for worker w; everything queued in this turn leaves in one message. */
export function send(w: Worker, a: Answer): void {
  const list = outbox.get(w);
  if (list) list.push(a);
  else outbox.set(w, [a]);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushOutbox);
  }
}

const message = (err: unknown) => String((err as Error)?.message ?? err);

/** Answers a worker's request `id` with what `work` returns or resolves to, or with its error. */
export function answer(w: Worker, id: number, work: () => unknown): void {
  try {
    const v = work();
    if (v instanceof Promise)
      v.then(
        (ok) => send(w, { id, ok: ok ?? null }),
        (err: unknown) => send(w, { id, err: message(err) }),
      );
    else send(w, { id, ok: v ?? null });
  } catch (err) {
    send(w, { id, err: message(err) });
  }
}

/** A worker's reply to a call (callWorkers); cid 0 is a call nobody waits for. */
export function takeReply(m: WireMessage): void {
  calls.get(m.cid as number)?.(m);
}

/**
 * Answers of every live worker (or of `only`) to `name` with `params` (see ipc.ts answerCalls); a
 * worker silent for `timeoutMs` is left out.
 */
export function callWorkers(name: string, timeoutMs = 2000, params?: unknown, only?: Worker[]): Promise<unknown[]> {
  const cid = ++seq;
  const targets = (only ?? [...workers()]).filter((w) => w.isConnected());
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
