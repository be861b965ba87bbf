import "server-only";

// The typed record functions the relay calls. Each is a no-op when metrics are off and otherwise a
// few in-memory counter updates (no I/O, no logging): cheap enough for the hot path. This module
// imports prom-client only as types, so callers that also run in Next's bundles stay light.
import type { ServerResponse } from "node:http";
import { endpointKind, statusClass } from "@/lib/server/metrics/labels";
import type { Metrics } from "@/lib/server/metrics/registry";
import type { RelayError } from "@/relay/kernel/errors";

// On globalThis: the server bundle and Next's bundles load separate copies of this module.
const g = globalThis as unknown as { __gatewayMetrics?: Metrics };

/** The process's metrics, or undefined when metrics are off (METRICS_TOKEN unset). */
export const currentMetrics = (): Metrics | undefined => g.__gatewayMetrics;

export function installMetrics(m: Metrics | undefined): Metrics | undefined {
  g.__gatewayMetrics = m;
  return m;
}

/** Where a consume log comes from: the relay pipeline, a task submission, or a channel test. */
export type ConsumeSource = "relay" | "task" | "channel_test";

const MODEL = Symbol.for("gateway.metrics.model");
type Labelled = ServerResponse & { [MODEL]?: string };

/** Counts a relay request and its duration when its response closes (finished or abandoned). */
export function trackRelayRequest(res: ServerResponse, path: string, startedAt: number): void {
  const m = g.__gatewayMetrics;
  if (!m) return;
  m.inFlight.inc();
  res.once("close", () => {
    const endpoint = endpointKind(path);
    m.inFlight.dec();
    m.requests.inc({
      endpoint,
      model: m.models.fold((res as Labelled)[MODEL] ?? ""),
      status_class: res.writableFinished ? statusClass(res.statusCode) : "aborted",
    });
    m.duration.observe({ endpoint }, (Date.now() - startedAt) / 1000);
  });
}

/** The model a relay request asked for, once known to be served (labels its request count). */
export function noteRelayModel(res: ServerResponse, model: string): void {
  if (g.__gatewayMetrics) (res as Labelled)[MODEL] = model;
}

const noop = () => undefined;

/** A function that records the stream's time to first event the first time it is called. */
export function firstByteRecorder(path: string, startedAt: number): () => void {
  const m = g.__gatewayMetrics;
  if (!m) return noop;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    m.ttft.observe({ endpoint: endpointKind(path) }, (Date.now() - startedAt) / 1000);
  };
}

/**
 * One charge, recorded where its consume log is queued, with the log's quota and tokens: the
 * billed-requests and quota counters are the count and the sum of the consume logs.
 */
export function recordConsume(
  source: ConsumeSource,
  model: string,
  quota: number,
  promptTokens: number,
  completionTokens: number,
): void {
  const m = g.__gatewayMetrics;
  if (!m) return;
  const labels = { source, model: m.models.fold(model) };
  m.billed.inc(labels);
  m.quota.inc(labels, Math.max(0, quota));
  if (promptTokens > 0) m.tokens.inc({ type: "prompt", model: labels.model }, promptTokens);
  if (completionTokens > 0) m.tokens.inc({ type: "completion", model: labels.model }, completionTokens);
}

/** A failed attempt against a channel; only upstream trouble counts (not the caller's mistakes). */
export function recordChannelError(channelId: number, err: RelayError): void {
  const m = g.__gatewayMetrics;
  if (!m || !(err.retryable || err.code.startsWith("channel:"))) return;
  m.channelErrors.inc({ channel: String(channelId) });
}
