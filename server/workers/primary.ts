import "server-only";

// The primary process of `npm start` with WORKERS > 1: a full gateway itself (server/main.ts)
// that also forks WORKERS - 1 workers and shares its listening socket with them (connections.ts). Without REDIS_URL it owns the quota ledger, the bookkeeping writer, the rate-limit
// windows and the background jobs for all of them (primary-ops.ts), so half the settlements at
// WORKERS=2 never cross a pipe and no third process sits beside the two that serve; with REDIS_URL
// every process shares all that through Redis like separate instances, and the primary supervises.
//
// - A worker that dies is replaced; once its IPC channel has closed (every message it sent has been
//   read), its open reservations are refunded. What it settled before dying was already here.
// - Shutdown (main.ts): the workers drain (server/drain.ts) while the primary drains its own
//   requests; then the primary flushes the bookkeeping and closes the database.
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import path from "node:path";
import { env, type Env } from "@/lib/env";
import { logger } from "@/lib/server/logger";
import { redisEnabled } from "@/lib/server/redis/client";
import { scheduleFlush } from "@/lib/server/ledger/bookkeeping";
import type http from "node:http";
import { primaryConnections, WORKER_READY } from "@/server/workers/connections";
import { becomePrimary, handleWorkerMessage, workerGone } from "@/server/workers/primary-ops";
import { watchForHungWorkers } from "@/server/workers/primary-watch";

/** Processes that serve: WORKERS (scripts/serve.mjs resolves 0 to the usable cores first). */
export function workerCount(e: Env = env()): number {
  return e.WORKERS || os.availableParallelism();
}

/** A worker that dies this soon after its start counts as a failed start. */
const HEALTHY_AFTER_MS = 10_000;
/** Consecutive failed starts after which the primary gives up (a bad setting, a broken build). */
const MAX_FAILED_STARTS = 5;
/** Beyond SHUTDOWN_TIMEOUT: time for the workers' own shutdown hooks before they are killed. */
export const WORKER_GRACE_MS = 20_000;

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

export type Primary = {
  /** This process listens on `server`: every ready worker accepts on its socket too. */
  listening: (server: http.Server) => void;
  /** Shutdown: the workers drain and stop; resolves once every one is gone. */
  stop: () => Promise<void>;
};

/** Forks `count` workers beside this process and keeps them running. */
export function startPrimary(count: number): Primary {
  const e = env();
  const slots: (Worker | null)[] = new Array(count).fill(null);
  const connections = primaryConnections();
  const startedAt = new Map<Worker, number>();
  let failedStarts = 0;
  let stopping = false;
  const current = () => slots.filter((w): w is Worker => !!w);
  /** Workers that said they are ready: the ones that serve, so the ones a write waits for. */
  const serving = new WeakSet<Worker>();
  becomePrimary(current, (w) => serving.has(w));
  const hangs = watchForHungWorkers(current, e.WORKER_HANG_TIMEOUT * 1000);
  // Workers run the server script itself with this process's flags, whoever started the primary
  // (npm start: scripts/start.mjs, which must not migrate and build again in every worker).
  // scripts/serve.mjs made cwd the root.
  cluster.setupPrimary({ exec: path.join(process.cwd(), "scripts", "serve.mjs"), execArgv: process.execArgv });

  const fork = (slot: number) => {
    const w = cluster.fork();
    slots[slot] = w;
    startedAt.set(w, Date.now());
    // The hang watch starts at ready: one that never gets there (stuck in its start) would hold a
    // core and a slot for ever. Killed, it counts as a failed start and is replaced.
    const startDeadline =
      e.WORKER_START_TIMEOUT > 0
        ? setTimeout(() => {
            logger().error({ pid: w.process.pid }, "worker did not start within WORKER_START_TIMEOUT; killing it");
            w.process.kill("SIGKILL");
          }, e.WORKER_START_TIMEOUT * 1000).unref()
        : null;
    w.on("message", (msg, socket) => {
      if (connections.message(w, msg, socket)) return;
      if (msg !== WORKER_READY) return handleWorkerMessage(w, msg);
      if (startDeadline) clearTimeout(startDeadline);
      failedStarts = 0;
      if (stopping) return;
      hangs.watch(w);
      serving.add(w);
      connections.add(w);
    });
    w.once("exit", (code, signal) => {
      if (startDeadline) clearTimeout(startDeadline);
      connections.remove(w);
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
        setTimeout(
          () => {
            if (!stopping) fork(slot);
          },
          lived < HEALTHY_AFTER_MS ? 500 * failedStarts : 0,
        ).unref();
      };
      if (w.isConnected()) w.once("disconnect", () => setImmediate(gone));
      else setImmediate(gone);
    });
  };
  for (let i = 0; i < count; i++) fork(i);
  logger().info({ workers: count, port: e.PORT, shared: redisEnabled() }, "primary started");

  return {
    listening: connections.listening,
    stop() {
      stopping = true;
      hangs.stop();
      const live = slots.filter((w): w is Worker => !!w && !w.isDead());
      for (const w of live) connections.remove(w);
      for (const w of live) w.process.kill("SIGTERM");
      const killer = setTimeout(
        () => {
          for (const w of live) if (!w.isDead()) w.process.kill("SIGKILL");
        },
        e.SHUTDOWN_TIMEOUT * 1000 + WORKER_GRACE_MS,
      );
      killer.unref();
      return Promise.all(live.map(whenGone)).then(() => undefined);
    },
  };
}
