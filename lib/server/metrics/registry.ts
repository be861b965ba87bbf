import "server-only";

// The Prometheus registry (prom-client) and every metric the gateway exposes on GET /metrics.
// Created once per process, and only when METRICS_TOKEN is set (metrics off: nothing is counted).
// The record functions (record.ts) find it through globalThis without importing prom-client, so
// code that also runs inside Next's bundles (channel tests) does not pull prom-client in there.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { env } from "@/lib/env";
import { consoleRendererLoaded } from "@/server/http/console-renderer";
import { eventLoopDelay } from "@/lib/server/metrics/event-loop";
import { ModelFolder } from "@/lib/server/metrics/labels";
import { currentMetrics, installMetrics } from "@/lib/server/metrics/record";
import { reservationStats } from "@/lib/server/ledger/ledger";
import { redis, redisReady } from "@/lib/server/redis/client";

export type Metrics = ReturnType<typeof createMetrics>;

const SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320];
const TTFT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

export function createMetrics(opts: { redis: boolean; defaults: boolean }) {
  const registry = new Registry();
  const registers = [registry];
  if (opts.defaults) collectDefaultMetrics({ register: registry });
  if (opts.redis)
    new Gauge({
      name: "gateway_redis_up",
      help: "1 when this instance's Redis command connection is ready, else 0",
      registers,
      aggregator: "min", // several workers: up only when all of them are
      collect() {
        redis();
        this.set(redisReady() ? 1 : 0);
      },
    });
  return {
    registry,
    models: new ModelFolder(),
    requests: new Counter({
      name: "gateway_relay_requests_total",
      help: "Relay requests answered, by endpoint kind, model and HTTP status class (aborted: the client left first)",
      labelNames: ["endpoint", "model", "status_class"] as const,
      registers,
    }),
    inFlight: new Gauge({
      name: "gateway_relay_requests_in_flight",
      help: "Relay requests being served right now",
      registers,
    }),
    duration: new Histogram({
      name: "gateway_relay_request_duration_seconds",
      help: "Time from receiving a relay request to the end of its answer (whole stream included)",
      labelNames: ["endpoint"] as const,
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    ttft: new Histogram({
      name: "gateway_relay_time_to_first_token_seconds",
      help: "Streams: time from receiving the request to writing the first event to the client",
      labelNames: ["endpoint"] as const,
      buckets: TTFT_BUCKETS,
      registers,
    }),
    tokens: new Counter({
      name: "gateway_tokens_total",
      help: "Tokens billed, by type (prompt, completion) and model",
      labelNames: ["type", "model"] as const,
      registers,
    }),
    quota: new Counter({
      name: "gateway_quota_consumed_total",
      help: "Quota charged: the sum of the quota of the consume logs written by this instance",
      labelNames: ["source", "model"] as const,
      registers,
    }),
    billed: new Counter({
      name: "gateway_billed_requests_total",
      help: "Billed requests: the number of consume logs written by this instance",
      labelNames: ["source", "model"] as const,
      registers,
    }),
    channelErrors: new Counter({
      name: "gateway_channel_errors_total",
      help: "Upstream failures counted against a channel (each failed attempt, retries included)",
      labelNames: ["channel"] as const,
      registers,
    }),
    loopDelay: new Gauge({
      name: "gateway_event_loop_delay_seconds",
      help: "Event-loop delay over the last 10 s window (perf_hooks.monitorEventLoopDelay): p50, p99 and max",
      labelNames: ["stat"] as const,
      registers,
      aggregator: "max", // several workers: the worst of them
      collect() {
        const d = eventLoopDelay();
        this.set({ stat: "p50" }, d.p50);
        this.set({ stat: "p99" }, d.p99);
        this.set({ stat: "max" }, d.max);
      },
    }),
    consoleRenderer: new Gauge({
      name: "gateway_console_renderer_loaded",
      help: "Processes that have loaded Next for the console pages (the relay and /api never load it)",
      registers,
      collect() {
        this.set(consoleRendererLoaded() ? 1 : 0);
      },
    }),
    reservations: new Gauge({
      name: "gateway_reservations_outstanding",
      help: "Quota reservations of this instance not yet settled or refunded",
      registers,
      collect() {
        this.set(reservationStats().count);
      },
    }),
    reservedQuota: new Gauge({
      name: "gateway_reserved_quota_outstanding",
      help: "Quota held by the outstanding reservations of this instance",
      registers,
      collect() {
        this.set(reservationStats().quota);
      },
    }),
  };
}

/** Creates the process's metrics once, when METRICS_TOKEN is set (else answers undefined). */
export function initMetrics(): Metrics | undefined {
  if (!env().METRICS_TOKEN) return undefined;
  return currentMetrics() ?? installMetrics(createMetrics({ redis: !!env().REDIS_URL, defaults: true }));
}
