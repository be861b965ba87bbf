import "server-only";

// The consume log's `other` JSON, written field by field. JSON.stringify of the same object was the
// largest single part of settleRequest (~2 % of the relay's CPU per request in the profile of
// 2026-11-28). The text is byte for byte what JSON.stringify gives for the object the fields describe
// (same order, an undefined value leaves its key out, a non-finite number is null), which
// log-other.test.ts checks against JSON.stringify.
import type { ModelPricing } from "@/lib/server/ledger/pricing";
import { CREATE_CACHE_RATIO } from "@/lib/server/ledger/pricing";
import type { RelayContext } from "@/relay/kernel/context";
import type { Outcome } from "@/relay/kernel/outcome";

type OtherInput = Pick<RelayContext, "otherRatio" | "stream" | "path" | "model" | "usedChannels"> & {
  pricing: ModelPricing;
};

const num = (n: number): string => (Number.isFinite(n) ? "" + n : "null");

/** One value as JSON; undefined when JSON.stringify would leave its key out. */
function value(v: unknown): string | undefined {
  if (typeof v === "number") return num(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  return JSON.stringify(v);
}

/** `,"key":value`, or nothing for an undefined value (keys are plain ASCII literals). */
function field(key: string, v: unknown): string {
  const text = value(v);
  return text === undefined ? "" : `,"${key}":${text}`;
}

function channels(ids: number[]): string {
  let s = "[";
  for (let i = 0; i < ids.length; i++) s += (i ? "," : "") + (value(ids[i]) ?? "null");
  return s + "]";
}

export function consumeLogOther(ctx: OtherInput, o: Outcome): string {
  const p = ctx.pricing;
  const ratio = p.mode === "ratio";
  let s =
    `{"model_ratio":${ratio ? num(p.modelRatio) : "0"}` +
    `,"model_price":${ratio ? "-1" : num(p.price)}` +
    `,"group_ratio":${num(p.groupRatio)}` +
    `,"completion_ratio":${ratio ? num(p.completionRatio) : "0"}` +
    field("cache_tokens", o.usage.cachedTokens) +
    `,"cache_ratio":${ratio ? num(p.cacheRatio) : "0"}`;
  if (o.usage.cacheWriteTokens)
    s += field("cache_creation_tokens", o.usage.cacheWriteTokens) + field("cache_creation_ratio", CREATE_CACHE_RATIO);
  if (ctx.otherRatio !== 1) s += field("other_ratio", ctx.otherRatio);
  if (o.usage.webSearch) {
    // Server-side searches, billed per call (new-api's log fields).
    s +=
      `,"web_search":true` +
      field("web_search_call_count", o.usage.webSearch.calls) +
      field("web_search_price", o.usage.webSearch.usdPerThousand);
  }
  s +=
    field("frt", o.firstResponseMs) +
    field("is_stream", ctx.stream) +
    field("request_path", ctx.path) +
    field("channel_id", o.channel.id) +
    field("upstream_model_name", o.upstreamModel) +
    field("is_model_mapped", o.upstreamModel !== ctx.model) +
    field("usage_estimated", o.estimated) +
    `,"admin_info":{"use_channel":${channels(ctx.usedChannels)}${field("local_count_tokens", o.estimated)}}`;
  if (o.streamStatus) s += field("stream_status", o.streamStatus);
  if (ratio && p.unset) s += `,"unset_model_ratio":true`;
  if (p.fallback) s += `,"fallback_pricing":true`;
  return s + "}";
}
