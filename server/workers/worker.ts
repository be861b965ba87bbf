import "server-only";

// Worker-process duties besides serving (server/main.ts calls startWorker in a cluster worker).
import { onShutdown } from "@/lib/server/lifecycle";
import { logger } from "@/lib/server/logger";
import { clusterWorker, flushNow, workerIpc } from "@/server/workers/ipc";

export function startWorker(): void {
  // Listen to the primary in either mode: it pings every worker (primary-watch.ts).
  clusterWorker();
  if (workerIpc()) {
    // Last: logs and refunds queued by the other shutdown hooks must reach the primary.
    onShutdown(() => flushNow(), "close");
  }
  // The primary is gone (it crashed or was killed): nobody holds the ledger any more, so drain and stop.
  process.once("disconnect", () => {
    logger().error("the primary process is gone; shutting down");
    process.kill(process.pid, "SIGTERM");
  });
}
