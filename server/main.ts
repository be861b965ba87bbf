import "server-only";

// Production/dev HTTP server: one Node http server in front of Next's request handler.
// - The console API (/api) is served without Next (server/http/api-router.ts), in production from
//   the table built into the bundle, with `--dev` from app/api with hot reload of route files
//   (dev-api-routes.ts); Next (dev or production) is loaded on the first page request
//   (server/http/console-renderer.ts).
// - Stamps the trusted client address header (never taken from the client unless TRUST_PROXY).
// - Serves /api/x/ as /api/x, without Next's 308; what a path is (health, metrics, probe, relay, console)
//   is one table, server/edge-routes.ts.
// - The relay (/v1, /v1beta, /pg) is served here by relay/entry/handler.ts, so the hot path does
//   not pay for Next's routing.
// - /healthz and /readyz for load balancers and orchestrators (server/health.ts).
// - WORKERS > 1: this process is the primary and serves beside WORKERS - 1 workers, which accept on
//   its listening socket (server/workers/primary.ts, connections.ts).
// - Background jobs (task polling, channel tests and balances, log retention, usage flush) once per
//   cluster (server/cluster/jobs.ts): without Redis in the primary only.
// - Graceful shutdown on SIGTERM/SIGINT (server/drain.ts): readyz turns 503 and new requests are
//   refused, in-flight ones (streams included) finish within SHUTDOWN_TIMEOUT, idle sockets are
//   closed, THEN the shutdown hooks flush bookkeeping and close the DB, and the process exits 0.
import cluster from "node:cluster";
import http from "node:http";
import type { Duplex } from "node:stream";
import { env } from "@/lib/env";
import { CLIENT_IP_HEADER, normaliseIp } from "@/lib/server/client-ip";
import { createDrain } from "@/server/drain";
import { answerProbe, handleHealth, markDraining } from "@/server/health";
import { edgeRouteFor, withoutApiTrailingSlash } from "@/server/edge-routes";
import { createApiHandler } from "@/server/http/api-router";
import { configHeaders } from "@/server/http/config-headers";
import { consoleRenderer } from "@/server/http/console-renderer";
import { localeOfRequest, serverMessage } from "@/lib/server/i18n/server-messages";
import { logger } from "@/lib/server/logger";
import { startEventLoopWatchdog } from "@/lib/server/metrics/event-loop";
import { handleMetrics } from "@/lib/server/metrics/handler";
import { lockOwnedDatabase } from "@/server/instance-lock";
import { exitAfterShutdown, logStrayErrors } from "@/lib/server/lifecycle";
import { handleRelay } from "@/relay/entry/handler";
import { REALTIME_PATH } from "@/relay/kernel/realtime-wire";
import { warmUpRelayScanners } from "@/relay/entry/warm-up";
import { registerQuotaWarningDelivery } from "@/lib/server/notify/quota-warning-delivery";
import { startBackgroundJobs } from "@/server/cluster/jobs";
import { redisEnabled } from "@/lib/server/redis/client";
import { startWorker } from "@/server/workers/worker";
import { acceptOnPrimarySocket } from "@/server/workers/connections";
import { startPrimary, WORKER_GRACE_MS, workerCount, type Primary } from "@/server/workers/primary";

/** Whether Next can decode the path: a malformed %-escape made its router answer 500. */
function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function refuseBadPath(req: http.IncomingMessage, res: http.ServerResponse): void {
  const headers = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const v = req.headers[name];
    if (typeof v === "string") headers.set(name, v);
  }
  const body = JSON.stringify({ success: false, message: serverMessage(localeOfRequest(headers), "invalid_path") });
  req.resume();
  res.writeHead(400, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/** Beyond SHUTDOWN_TIMEOUT: cut streams settle, bookkeeping flushes, connections close. */
const HOOKS_GRACE_MS = 15_000;

async function main() {
  logStrayErrors();
  // The process that owns the balances (one alone, or the primary) holds the database (instance-lock.ts).
  if (!cluster.isWorker) await lockOwnedDatabase();
  const e = env();
  const dev = process.argv.includes("--dev");
  const nextOptions = { dev, hostname: e.HOSTNAME, port: e.PORT, dir: process.cwd() };
  // One /api router in both modes: the production table is built into the server bundle
  // (scripts/build-server.mjs), dev builds it from app/api and reloads edited route files.
  const api = dev
    ? await (await import("@/server/http/dev-api-routes")).devApiHandler()
    : createApiHandler((await import("gateway:api-routes")).API_ROUTES, configHeaders());
  if (e.CONSOLE_PRELOAD) await consoleRenderer(nextOptions);
  const handle = (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> =>
    isApiPath(req.url!)
      ? api(req, res)
      : consoleRenderer(nextOptions).then(
          (render) => render(req, res),
          (err: unknown) => {
            logger().error({ err }, "the console renderer (Next) failed to start");
            req.resume();
            if (!res.headersSent) res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
            res.end("console unavailable");
          },
        );
  if (cluster.isWorker) startWorker();
  // Several processes: this one is their primary (never in dev, which reloads one process).
  const primary: Primary | null =
    !cluster.isWorker && !dev && workerCount(e) > 1 ? startPrimary(workerCount(e) - 1) : null;
  // Without Redis the jobs have no lease to share: the primary runs them.
  if (!cluster.isWorker || redisEnabled()) startBackgroundJobs();
  startEventLoopWatchdog();
  warmUpRelayScanners();
  registerQuotaWarningDelivery();
  if (e.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS)
    logger().warn("NOTIFY_ALLOW_LOOPBACK_FOR_TESTS is on: webhooks may use http:// and loopback (tests only)");

  /** The client address every handler reads (x-forwarded-for only behind a trusted proxy). */
  const stampClientIp = (req: http.IncomingMessage) => {
    const forwarded = e.TRUST_PROXY
      ? String(req.headers["x-forwarded-for"] ?? "")
          .split(",")[0]
          ?.trim()
      : "";
    req.headers[CLIENT_IP_HEADER] = normaliseIp(forwarded || req.socket.remoteAddress || "unknown");
  };
  const server = http.createServer((req, res) => {
    stampClientIp(req);
    req.url = withoutApiTrailingSlash(req.url ?? "/");
    const pathname = req.url.split("?")[0]!;
    const route = edgeRouteFor(req.method, pathname);
    if (route === "health" || route === "metrics") {
      // Still answered while draining (readyz says 503, a last scrape), on a connection that then closes.
      if (drain.draining) res.setHeader("connection", "close");
      void (route === "health" ? handleHealth(req, res, pathname) : handleMetrics(req, res));
    } else if (route === "probe") answerProbe(res);
    else if (drain.refuse(res)) req.resume();
    else if (route === "relay") drain.track(res, handleRelay(req, res));
    else if (!decodablePath(pathname)) refuseBadPath(req, res);
    else drain.track(res, handle(req, res));
  });
  const drain = createDrain(server);
  // WebSocket upgrades: the realtime relay (GET /v1/realtime); any other upgrade is refused.
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    stampClientIp(req);
    const pathname = (req.url ?? "/").split("?")[0]!;
    // Loaded on the first session: the WebSocket library stays out of memory until one is asked for.
    if (!drain.draining && pathname.replace(/\/$/, "") === REALTIME_PATH)
      void import("@/relay/entry/upgrade").then((m) => m.handleUpgrade(req, socket, head));
    else socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
  });
  server.keepAliveTimeout = 65_000;
  // Receiving a request (headers, then its whole body) is bounded: a client that trickles a body in
  // holds a socket and the route's buffer only this long (408). Both timers stop once the request is
  // in, so a long streamed answer (SSE) is not cut by them.
  server.headersTimeout = 30_000;
  server.requestTimeout = 180_000; // a 25 MB audio upload at ~1.2 Mbit/s
  // A port in use (another gateway, or an old one still draining) must stop the start: an error without
  // a listener would be logged as a stray one and the process would stay up unreachable, running the
  // background jobs. A worker that exits so is counted by the primary, which gives up after a few.
  const cannotListen = (err: Error) => {
    logger().fatal({ err, port: e.PORT, hostname: e.HOSTNAME }, "cannot listen on PORT; stopping");
    process.exit(1);
  };
  // A worker accepts on the primary's socket; the primary, or a single process, listens.
  if (cluster.isWorker) acceptOnPrimarySocket(server);
  else {
    server.once("error", cannotListen);
    server.listen(e.PORT, e.HOSTNAME, () => {
      server.off("error", cannotListen);
      primary?.listening(server);
      logger().info({ port: e.PORT, database: e.databaseType, dev }, "gateway listening");
    });
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger().info({ signal }, "shutting down");
    markDraining();
    const timeoutMs = e.SHUTDOWN_TIMEOUT * 1000;
    // Last resort if a hook hangs: drain deadline + settling after the cut + time for the hooks (a
    // primary also waits for its workers, whose last settlements it writes).
    setTimeout(() => process.exit(1), timeoutMs + HOOKS_GRACE_MS + (primary ? WORKER_GRACE_MS : 0)).unref();
    const own = drain.drain(timeoutMs).then(({ drained, cut }) => {
      if (!drained) logger().warn({ cut }, "shutdown timeout reached; remaining requests were cut");
    });
    exitAfterShutdown(Promise.all([own, primary?.stop()]));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  logger().fatal({ err }, "failed to start");
  process.exit(1);
});
