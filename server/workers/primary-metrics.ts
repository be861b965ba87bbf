import "server-only";

// GET /metrics with several workers: the process that got the scrape asks the primary, which sums its
// own registry and every worker's (as JSON) the way prom-client's cluster mode does (each metric's
// `aggregator`: counters and histograms add up, a few gauges take the max or min).
import { AggregatorRegistry } from "prom-client";
import { initMetrics } from "@/lib/server/metrics/registry";

export async function sumMetrics(parts: unknown[]): Promise<string> {
  return AggregatorRegistry.aggregate(parts as object[]).metrics();
}

/** This process's registry as JSON (null when metrics are off). */
export function ownMetrics(): Promise<unknown> | null {
  return initMetrics()?.registry.getMetricsAsJSON() ?? null;
}
