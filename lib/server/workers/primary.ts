import "server-only";

// The primary process of `npm start` with WORKERS > 1: it forks the workers (each a full gateway,
// lib/server/main.ts, all accepting on one port through node:cluster), and never loads Next or the
// relay itself, so it stays small. Without REDIS_URL it owns the quota ledger and the bookkeeping
// writer for all workers (primary-ops.ts); with REDIS_URL the workers share everything through Redis
// like separate instances, and the primary only supervises.
//
// - Exactly one worker (slot 0, and its replacements) runs the background jobs without Redis.
// - A worker that dies is replaced; once its IPC channel has closed (every message it sent has been
//   read), its open reservations are refunded. What it settled before dying was already here.
// - SIGTERM/SIGINT: the workers drain (lib/server/drain.ts), then the primary flushes the
//   bookkeeping and closes the database, and exits 0.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import path from "node:path";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import { env, type Env } from "@/lib/env";
import { exitAfterShutdown } from "@/lib/server/lifecycle";
import { logger } from "@/lib/server/logger";
import { redisEnabled } from "@/lib/server/redis/client";
import { scheduleFlush } from "@/lib/server/ledger/bookkeeping";
import { handleWorkerMessage, setWorkerSource, workerGone } from "@/lib/server/workers/primary-ops";
import { watchForHungWorkers } from "@/lib/server/workers/primary-watch";
import { PRIMARY_SEMI_SPACE_MB, SERVER_SEMI_SPACE_MB } from "@/scripts/server-flags.mjs";

/** Worker processes to run: WORKERS (scripts/serve.mjs resolves 0 to the usable cores first). */
export function workerCount(e: Env = env()): number {
  return e.WORKERS || os.availableParallelism();
}

/** A worker that dies this soon after its start counts as a failed start. */
const HEALTHY_AFTER_MS = 10_000;
/** Consecutive failed starts after which the primary gives up (a port in use, a bad setting). */
const MAX_FAILED_STARTS = 5;
/** Beyond SHUTDOWN_TIMEOUT: time for the workers' own shutdown hooks before they are killed. */
const WORKER_GRACE_MS = 20_000;

/** Resolves once the worker has exited AND its channel is closed (its last messages were handled). */
function whenGone(w: Worker): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (w.isDead() && !w.isConnected()) resolve();
    };
    w.once("exit", () => setImmediate(check));
    w.once("disconnect", () => setImmediate(check));
    check();
  });
}

export function startPrimary(count: number): void {
  const e = env();
  const shared = redisEnabled();
  // Console rate limits (lib/server/http/rate-limit.ts) count for all workers here.
  if (!shared) new RateLimiterClusterMaster();
  const slots: (Worker | null)[] = new Array(count).fill(null);
  const startedAt = new Map<Worker, number>();
  let failedStarts = 0;
  let stopping = false;
  const current = () => slots.filter((w): w is Worker => !!w);
  setWorkerSource(current);
  const hangs = watchForHungWorkers(current, e.WORKER_HANG_TIMEOUT * 1000);
  // Workers run the server script itself, whoever started the primary (npm start: scripts/start.mjs,
  // which must not migrate and build again in every worker). scripts/serve.mjs made cwd the root.
  // They serve, so they get the server's young generation where the primary runs with its own small
  // one (scripts/server-flags.mjs); flags the operator chose pass through as they are.
  const primarySemi = `--max-semi-space-size=${PRIMARY_SEMI_SPACE_MB}`;
  cluster.setupPrimary({
    exec: path.join(process.cwd(), "scripts", "serve.mjs"),
    execArgv: process.execArgv.map((a) => (a === primarySemi ? `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}` : a)),
  });

  const fork = (slot: number) => {
    const w = cluster.fork({ GATEWAY_WORKER_JOBS: slot === 0 && !shared ? "1" : "" });
    slots[slot] = w;
    startedAt.set(w, Date.now());
    w.on("message", (msg) => handleWorkerMessage(w, msg));
    w.once("listening", () => {
      failedStarts = 0;
      hangs.watch(w);
    });
    w.once("exit", (code, signal) => {
      // Settle only once the channel is closed: messages it sent before dying are still handled.
      const gone = () => {
        const held = workerGone(w.id);
        if (held.refunded) scheduleFlush();
        const lived = Date.now() - (startedAt.get(w) ?? 0);
        startedAt.delete(w);
        if (stopping) return;
        logger().warn({ pid: w.process.pid, code, signal, ...held }, "worker exited; starting a replacement");
        if (lived < HEALTHY_AFTER_MS && ++failedStarts >= MAX_FAILED_STARTS) {
          logger().fatal({ failedStarts }, "workers keep failing to start; giving up");
          process.exit(1);
        }
        // Not unref'd: with every worker gone, this timer is what keeps the primary alive until the
        // replacement starts (unref'd, a primary whose workers all died exited 0 in silence).
        setTimeout(
          () => {
            if (!stopping) fork(slot);
          },
          lived < HEALTHY_AFTER_MS ? 500 * failedStarts : 0,
        );
      };
      if (w.isConnected()) w.once("disconnect", () => setImmediate(gone));
      else setImmediate(gone);
    });
  };
  for (let i = 0; i < count; i++) fork(i);
  logger().info({ workers: count, port: e.PORT, shared }, "primary started");

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    hangs.stop();
    logger().info({ signal }, "shutting down workers");
    const live = slots.filter((w): w is Worker => !!w && !w.isDead());
    for (const w of live) w.process.kill("SIGTERM");
    const killer = setTimeout(
      () => {
        for (const w of live) if (!w.isDead()) w.process.kill("SIGKILL");
      },
      e.SHUTDOWN_TIMEOUT * 1000 + WORKER_GRACE_MS,
    );
    killer.unref();
    exitAfterShutdown(Promise.all(live.map(whenGone)));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
