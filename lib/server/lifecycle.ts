import "server-only";

// Shutdown hooks, run by server/main.ts once in-flight requests have drained. "flush" hooks
// (bookkeeping batchers, pollers) run first, then "close" hooks (connections such as Redis), then the
// database closes: a flush may still need a connection, never the other way round.
import { disconnectDb } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";

type Hook = () => Promise<void> | void;
type Phase = "flush" | "close";
const g = globalThis as unknown as { __gatewayShutdownHooks?: { hook: Hook; phase: Phase }[] };

export function onShutdown(hook: Hook, phase: Phase = "flush"): void {
  (g.__gatewayShutdownHooks ??= []).push({ hook, phase });
}

export async function runShutdownHooks(): Promise<void> {
  const hooks = g.__gatewayShutdownHooks ?? [];
  for (const phase of ["flush", "close"] as const) {
    for (const entry of hooks) {
      if (entry.phase !== phase) continue;
      try {
        await entry.hook();
      } catch {
        // keep flushing the others
      }
    }
  }
  await disconnectDb();
}

/** Once `drained` settles, runs the hooks and exits: 0 when all went well, 1 when anything failed. */
export function exitAfterShutdown(drained: Promise<unknown>): void {
  void drained
    .then(() => runShutdownHooks())
    .then(
      () => process.exit(0),
      (err) => {
        logger().error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
}

/**
 * An error no request handler caught (a library's stray 'error' event, a promise nobody awaited) is
 * logged and the process keeps serving: one request's bug must not cut every other request of the
 * process. These are the handlers Next installs when it starts; the production server loads Next
 * only for console pages, so it installs them itself, at start.
 */
export function logStrayErrors(): void {
  process.on("uncaughtException", (err) => logger().error({ err }, "uncaught exception (kept serving)"));
  process.on("unhandledRejection", (reason) => logger().error({ err: reason }, "unhandled rejection (kept serving)"));
}
