import "server-only";

import { Worker } from "node:worker_threads";
import { AppError } from "@/lib/server/http/app-error";

// bcryptjs is plain JavaScript and yields to the event loop only every 100 ms: one hash or comparison
// at cost 10 held the server's thread 65-96 ms (2026-11-27), so every login stalled every relay
// stream of the process that long. The work runs on a thread of its own instead: one thread per
// process, started on the first password operation, queued in order (a burst of logins takes at most
// that one core), and stopped 5 s after its last one: it holds ~10 MB of the server's RSS while it runs
// and logins come one at a time, minutes apart; a start costs the thread ~50-90 ms of CPU.
const IDLE_STOP_MS = 5_000;
// Operations waiting for the thread at most (~80 ms each at cost 10: ~5 s for the last). Login limits
// per address and per account bound one client; a flood from many addresses is refused (429) beyond
// this instead of queueing without end while every login waits behind it.
export const MAX_QUEUED = 64;
// One caller cannot fill the queue (review 3, N7: 80 concurrent wrong "current password" checks of
// one account held all 64 places and every login waited or got 429): a named caller (an account
// changing its password) has at most this many operations queued, and named callers together hold
// at most MAX_QUEUED - LOGIN_RESERVE places, so logins always find room.
export const MAX_QUEUED_PER_CALLER = 4;
export const LOGIN_RESERVE = 16;

/**
 * Who asks: a login, or `caller` names the account whose operations count together. Operations
 * without it (registration, resets, admin changes: limited elsewhere) share only MAX_QUEUED.
 */
export type PasswordCaller = { login: true } | { caller: string; login?: undefined };

// CommonJS evaluated in the thread; bcryptjs is loaded from the path the server resolved.
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require(workerData.bcryptjs);
parentPort.on("message", ({ id, op, text, arg }) => {
  try {
    const value = op === "hash" ? bcrypt.hashSync(text, arg) : bcrypt.compareSync(text, arg);
    parentPort.postMessage({ id, value });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

type Op = { op: "hash"; arg: number } | { op: "compare"; arg: string };
type Pending = { resolve: (value: string | boolean) => void; reject: (err: Error) => void };
type Reply = { id: number; value?: string | boolean; error?: string };
// The operations a thread owes answers for are its own: a stopped thread fails only those.
type Thread = { worker: Worker; pending: Map<number, Pending> };

let thread: Thread | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
/** Operations of named callers queued, in all and by caller. */
let queuedOther = 0;
const queuedByCaller = new Map<string, number>();

function failAll(of: Thread, err: Error) {
  for (const p of of.pending.values()) p.reject(err);
  of.pending.clear();
}

function start(): Thread {
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { bcryptjs: require.resolve("bcryptjs") },
    // bcrypt needs a few kB of state: a small heap, so a stuck thread cannot grow the process
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  const started: Thread = { worker, pending: new Map() };
  worker.on("message", (reply: Reply) => {
    const p = started.pending.get(reply.id);
    if (!p) return;
    started.pending.delete(reply.id);
    if (reply.error !== undefined) p.reject(new Error(reply.error));
    else p.resolve(reply.value!);
    settleIdle();
  });
  const gone = (err: Error) => {
    if (thread === started) thread = undefined;
    failAll(started, err);
  };
  worker.on("error", gone);
  worker.on("exit", () => gone(new Error("password thread exited")));
  return started;
}

/** Keeps the process alive only while an answer is awaited; stops the thread after IDLE_STOP_MS idle. */
function settleIdle() {
  if (!thread) return;
  if (thread.pending.size > 0) {
    thread.worker.ref();
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    return;
  }
  thread.worker.unref();
  idleTimer ??= setTimeout(stopPasswordThread, IDLE_STOP_MS);
  idleTimer.unref();
}

function hasRoom(who: PasswordCaller | undefined): boolean {
  if (thread && thread.pending.size >= MAX_QUEUED) return false;
  if (!who || who.login) return true;
  if (queuedOther >= MAX_QUEUED - LOGIN_RESERVE) return false;
  return (queuedByCaller.get(who.caller) ?? 0) < MAX_QUEUED_PER_CALLER;
}

/** Counts the operation against its caller and class until it is answered. */
function hold(who: PasswordCaller | undefined): () => void {
  if (!who || who.login) return () => undefined;
  queuedOther++;
  queuedByCaller.set(who.caller, (queuedByCaller.get(who.caller) ?? 0) + 1);
  return () => {
    queuedOther--;
    const left = (queuedByCaller.get(who.caller) ?? 1) - 1;
    if (left > 0) queuedByCaller.set(who.caller, left);
    else queuedByCaller.delete(who.caller);
  };
}

function run(text: string, op: Op, who?: PasswordCaller): Promise<string | boolean> {
  if (!hasRoom(who)) throw new AppError("rate_limited", "password_checks_busy");
  thread ??= start();
  const id = nextId++;
  const answer = new Promise<string | boolean>((resolve, reject) => thread!.pending.set(id, { resolve, reject }));
  thread.worker.postMessage({ id, text, ...op });
  settleIdle();
  const release = hold(who);
  return answer.finally(release);
}

/**
 * Rejects with AppError rate_limited (429) while the queue is full: MAX_QUEUED operations in all,
 * and for a named caller MAX_QUEUED_PER_CALLER of its own or MAX_QUEUED - LOGIN_RESERVE of all
 * named callers.
 */
export async function bcryptHash(text: string, cost: number, who?: PasswordCaller): Promise<string> {
  return (await run(text, { op: "hash", arg: cost }, who)) as string;
}

export async function bcryptCompare(text: string, hash: string, who?: PasswordCaller): Promise<boolean> {
  return (await run(text, { op: "compare", arg: hash }, who)) as boolean;
}

/** Stops the thread (idle, shutdown, tests); the next password operation starts a new one. */
export function stopPasswordThread(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  const stopping = thread;
  thread = undefined;
  if (!stopping) return;
  failAll(stopping, new Error("password thread stopped"));
  void stopping.worker.terminate();
}
