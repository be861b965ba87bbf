import "server-only";

// GET /metrics (Prometheus text format), served by main.ts before Next: no session, no setup
// redirect. Protected by `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time);
// without METRICS_TOKEN the endpoint does not exist (404) and nothing is counted.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/lib/env";
import { initMetrics } from "@/lib/server/metrics/registry";
import { requestLogger } from "@/lib/server/logger";
import { newRequestId } from "@/lib/server/http/route-id";
import { answerCalls, clusterWorker, request } from "@/server/workers/ipc";
import { allMetrics, isPrimary } from "@/server/workers/primary-ops";

// Created when the server starts (main.ts imports this module), so every request is counted from
// the first one, and before anything in Next's bundles looks for the metrics. An invalid
// environment is left for main() to report (it reads env() first thing).
try {
  const metrics = initMetrics();
  // With several workers a scrape reaches one process: the primary collects every process's registry.
  if (metrics && clusterWorker()) answerCalls("metrics", () => metrics.registry.getMetricsAsJSON());
} catch {
  // reported by main()
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/** Constant-time check of the bearer token (hashing first makes the lengths equal). */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return timingSafeEqual(digest(m?.[1]?.trim() ?? ""), digest(token)) && !!m;
}

function answer(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
    ...extra,
  });
  res.end(text);
}

export async function handleMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = env().METRICS_TOKEN;
  const metrics = initMetrics();
  if (!token || !metrics) return answer(res, 404, "Not Found\n");
  if (req.method !== "GET") return answer(res, 405, "Method Not Allowed\n", { allow: "GET" });
  if (!metricsTokenMatches(req.headers.authorization, token))
    return answer(res, 401, "Unauthorized\n", { "www-authenticate": 'Bearer realm="metrics"' });
  try {
    const text = clusterWorker()
      ? ((await request("metrics", {})) as string)
      : isPrimary()
        ? await allMetrics()
        : await metrics.registry.metrics();
    answer(res, 200, text, { "content-type": metrics.registry.contentType });
  } catch (err) {
    requestLogger(newRequestId()).error({ err }, "metrics collection failed");
    answer(res, 500, "metrics collection failed\n");
  }
}
