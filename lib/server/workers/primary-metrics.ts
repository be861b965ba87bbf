import "server-only";

// GET /metrics with several workers: the worker that got the scrape asks the primary, which asks
// every worker for its registry (as JSON) and sums them the way prom-client's cluster mode does
// (each metric's `aggregator`: counters and histograms add up, a few gauges take the max or min).
import { AggregatorRegistry } from "prom-client";

export async function sumMetrics(parts: unknown[]): Promise<string> {
  return AggregatorRegistry.aggregate(parts as object[]).metrics();
}
