import "server-only";

// Structured JSON logs (pino), one object per line on stdout, each with the instance (`node`:
// NODE_NAME or the host name) and `service`. Lines that belong to a request carry its id as
// `reqId`: the relay logs through requestLogger(requestId); /api routes run inside
// withRequestId() (route.ts), so whatever a service logs during the request gets the id too.
// Never log secrets: the redact list covers the usual carriers.
import os from "node:os";
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Level, type Logger } from "pino";
import { env } from "@/lib/env";

export const SERVICE_NAME = "gateway";

type Shared = {
  __gatewayLogger?: Logger;
  __gatewayRequestIds?: AsyncLocalStorage<string>;
  /** withRequestId calls running now (all copies of this module). */
  __gatewayRequestIdUsers?: number;
};
const g = globalThis as unknown as Shared;
// One store for the whole process: the server bundle and Next's bundles load separate copies of
// this module, and the logger created by either must see ids set by both.
const requestIds = (g.__gatewayRequestIds ??= new AsyncLocalStorage<string>());

/** A pino logger with our base fields, redaction and request-id mixin (tests pass a destination). */
export function createLogger(opts: { level: Level | "silent"; node: string }, destination?: DestinationStream): Logger {
  return pino(
    {
      level: opts.level,
      base: { pid: process.pid, node: opts.node, service: SERVICE_NAME },
      // The id of the /api request this line is logged from, unless the line names one itself.
      mixin: (obj, _level, log) => {
        const reqId = requestIds.getStore();
        return reqId && !("reqId" in obj) && !log.bindings().reqId ? { reqId } : {};
      },
      redact: {
        paths: ["password", "*.password", "key", "*.key", "authorization", "*.authorization", "headers.cookie"],
        censor: "[redacted]",
      },
    },
    destination,
  );
}

export function logger(): Logger {
  g.__gatewayLogger ??= createLogger({
    level: env().NODE_ENV === "test" ? "silent" : env().LOG_LEVEL,
    node: env().NODE_NAME || os.hostname(),
  });
  return g.__gatewayLogger;
}

/** The logger for one request: every line carries `reqId` (the id echoed in X-Request-Id). */
export function requestLogger(requestId: string): Logger {
  return logger().child({ reqId: requestId });
}

/**
 * Runs fn with `requestId` attached to every line logged meanwhile (also from awaited services).
 * While any such call is running, Node keeps async hooks on for every promise of the process, the
 * relay's included (~4 % of its CPU on Node 20); so the store is disabled again whenever the last
 * one ends (lines logged later by a promise the call left behind lose the id).
 */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  g.__gatewayRequestIdUsers = (g.__gatewayRequestIdUsers ?? 0) + 1;
  let result: T;
  try {
    result = requestIds.run(requestId, fn);
  } catch (err) {
    releaseRequestIds();
    throw err;
  }
  if (result instanceof Promise) return result.finally(releaseRequestIds) as T;
  releaseRequestIds();
  return result;
}

/** The id of the request this code runs for (inside withRequestId), if any. */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

function releaseRequestIds(): void {
  g.__gatewayRequestIdUsers = (g.__gatewayRequestIdUsers ?? 1) - 1;
  if (g.__gatewayRequestIdUsers === 0) requestIds.disable();
}
