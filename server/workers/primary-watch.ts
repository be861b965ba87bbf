import "server-only";

// Hung workers. A worker whose event loop never returns (a bug that loops, a stopped process) keeps
// its open connections, reservations and allowances, while node:cluster simply stops handing it new
// connections: the machine loses a core's worth of service and nothing says so. The primary pings
// every worker that has started listening and kills one that has not answered for the timeout; the
// exit handler then replaces it and returns what it held, as for any dead worker.
import type { Worker } from "node:cluster";
import { logger } from "@/lib/server/logger";
import { callWorkers } from "@/server/workers/primary-link";

export type HangWatch = {
  /** The worker listens: from now on it must answer. */
  watch: (w: Worker) => void;
  /** Stops pinging (shutdown: draining workers are left to finish). */
  stop: () => void;
};

export function watchForHungWorkers(workers: () => Iterable<Worker>, timeoutMs: number): HangWatch {
  const answeredAt = new Map<Worker, number>();
  if (timeoutMs <= 0) return { watch: () => undefined, stop: () => undefined };
  const every = Math.max(100, Math.min(5_000, Math.floor(timeoutMs / 4)));
  const timer = setInterval(() => {
    const now = Date.now();
    for (const w of workers()) {
      const last = answeredAt.get(w);
      if (last === undefined) continue;
      if (w.isDead() || !w.isConnected()) {
        answeredAt.delete(w);
        continue;
      }
      if (now - last > timeoutMs) {
        answeredAt.delete(w);
        logger().error({ pid: w.process.pid, silentMs: now - last }, "worker stopped answering (hung); killing it");
        w.process.kill("SIGKILL");
        continue;
      }
      // Any call is answered by the worker's message loop (an unknown name answers null).
      void callWorkers("ping", every, undefined, [w]).then((replies) => {
        if (replies.length && answeredAt.has(w)) answeredAt.set(w, Date.now());
      });
    }
  }, every);
  timer.unref();
  return {
    watch: (w) => answeredAt.set(w, Date.now()),
    stop: () => {
      clearInterval(timer);
      answeredAt.clear();
    },
  };
}
