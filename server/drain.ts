import "server-only";

// Graceful drain for server/main.ts. Counts open request/response pairs (a request is open until
// its response has closed AND its handler has returned: a relay handler settles billing after the
// last byte, so that work is waited for too). While draining, the listener stays open so a load
// balancer can still read /readyz (503) and /healthz; every other new request is refused with 503 and
// `Connection: close`, and sockets are closed as soon as they fall idle.
import type http from "node:http";
import { logger } from "@/lib/server/logger";

/** After the drain deadline the remaining sockets are cut; handlers then get this long to settle. */
const SETTLE_AFTER_CUT_MS = 2_000;

export type DrainResult = { drained: boolean; cut: number };

export type Drain = {
  readonly draining: boolean;
  readonly inFlight: number;
  /** Counts the request until both the response has closed and `work` has settled. */
  track: (res: http.ServerResponse, work: Promise<unknown>) => void;
  /** While draining: answers 503 + Connection: close and returns true (the caller must stop). */
  refuse: (res: http.ServerResponse) => boolean;
  /**
   * Starts draining; resolves once nothing is in flight, or after `timeoutMs` when the rest has been
   * cut (and given a moment to settle). The listener is closed before it resolves.
   */
  drain: (timeoutMs: number) => Promise<DrainResult>;
};

export function createDrain(server: http.Server): Drain {
  let inFlight = 0;
  let draining = false;
  let onIdle: (() => void) | null = null;

  const release = () => {
    inFlight--;
    if (!draining) return;
    // The socket that carried it is idle now (or about to be): close it rather than keep it alive.
    setImmediate(() => server.closeIdleConnections());
    if (inFlight === 0) onIdle?.();
  };

  const idle = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (inFlight === 0) return resolve(true);
      const timer = setTimeout(() => {
        onIdle = null;
        resolve(false);
      }, ms);
      onIdle = () => {
        clearTimeout(timer);
        onIdle = null;
        resolve(true);
      };
    });

  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    track(res, work) {
      inFlight++;
      let pending = 2;
      const done = () => {
        if (--pending === 0) release();
      };
      res.once("close", done);
      work.then(done, (err: unknown) => {
        logger().error({ err }, "request handler failed");
        done();
      });
    },
    refuse(res) {
      if (!draining) return false;
      const body = JSON.stringify({
        error: { message: "This instance is shutting down; retry the request", type: "server_shutting_down" },
      });
      res.writeHead(503, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-store",
        "retry-after": "1",
        connection: "close",
      });
      res.end(body);
      return true;
    },
    async drain(timeoutMs) {
      draining = true;
      server.closeIdleConnections();
      const drained = await idle(timeoutMs);
      const cut = drained ? 0 : inFlight;
      if (!drained) {
        // Deadline: cut what is left. Streams see a client abort and bill what was sent.
        server.closeAllConnections();
        await idle(SETTLE_AFTER_CUT_MS);
      }
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return { drained, cut };
    },
  };
}
