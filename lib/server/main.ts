// Production/dev HTTP server: one Node http server in front of Next's request handler.
// - Stamps the trusted client address header (never taken from the client unless TRUST_PROXY).
// - The relay (/v1, /v1beta, /pg) is served here by lib/server/relay/handler.ts, so the hot path does
//   not pay for Next's routing.
// - /healthz and /readyz for load balancers and orchestrators (lib/server/health.ts).
// - Graceful shutdown on SIGTERM/SIGINT: readyz turns 503, stop accepting, drain, flush bookkeeping,
//   close the DB.
import http from "node:http";
import next from "next";
import { env } from "@/lib/env";
import { CLIENT_IP_HEADER, normaliseIp } from "@/lib/server/client-ip";
import { handleHealth, isHealthPath, markDraining } from "@/lib/server/health";
import { logger } from "@/lib/server/logger";
import { handleMetrics, isMetricsPath } from "@/lib/server/metrics/handler";
import { runShutdownHooks } from "@/lib/server/lifecycle";
import { handleRelay, isRelayPath } from "@/lib/server/relay/handler";
import { registerQuotaWarningDelivery } from "@/lib/server/notify/quota-warning-delivery";
import { startTaskPolling } from "@/lib/server/relay/tasks/scheduler";

async function main() {
  const e = env();
  const dev = process.argv.includes("--dev");
  const app = next({ dev, hostname: e.HOSTNAME, port: e.PORT, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  registerQuotaWarningDelivery();
  startTaskPolling();
  if (e.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS)
    logger().warn("NOTIFY_ALLOW_LOOPBACK_FOR_TESTS is on: webhooks may use http:// and loopback (tests only)");

  const server = http.createServer((req, res) => {
    const forwarded = e.TRUST_PROXY
      ? String(req.headers["x-forwarded-for"] ?? "")
          .split(",")[0]
          ?.trim()
      : "";
    req.headers[CLIENT_IP_HEADER] = normaliseIp(forwarded || req.socket.remoteAddress || "unknown");
    const pathname = (req.url ?? "/").split("?")[0]!;
    if (isHealthPath(pathname)) void handleHealth(req, res, pathname);
    else if (isMetricsPath(pathname)) void handleMetrics(req, res);
    else if (isRelayPath(pathname)) void handleRelay(req, res);
    else void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(e.PORT, e.HOSTNAME, () => {
    logger().info({ port: e.PORT, database: e.databaseType, dev }, "gateway listening");
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger().info({ signal }, "shutting down");
    markDraining();
    server.close();
    server.closeIdleConnections();
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    void runShutdownHooks().finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((err) => {
  logger().fatal({ err }, "failed to start");
  process.exit(1);
});
