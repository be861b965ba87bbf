// The consume log's `other` written by hand (relay/settle/settle.ts) is byte for byte the
// JSON.stringify of the object settleRequest built before, for every combination of its fields.
import { CREATE_CACHE_RATIO, type ModelPricing, type Usage } from "@/lib/server/ledger/pricing";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import type { StreamStatus } from "@/relay/kernel/context";
import type { Outcome } from "@/relay/kernel/outcome";
import { consumeLogOther } from "@/relay/settle/settle";

type Input = Parameters<typeof consumeLogOther>[0];

/** The object settleRequest serialised with JSON.stringify until 2026-11-28. */
function reference(ctx: Input, o: Outcome): string {
  const p = ctx.pricing;
  const other: Record<string, unknown> = {
    model_ratio: p.mode === "ratio" ? p.modelRatio : 0,
    model_price: p.mode === "price" ? p.price : -1,
    group_ratio: p.groupRatio,
    completion_ratio: p.mode === "ratio" ? p.completionRatio : 0,
    cache_tokens: o.usage.cachedTokens,
    cache_ratio: p.mode === "ratio" ? p.cacheRatio : 0,
  };
  if (o.usage.cacheWriteTokens) {
    other.cache_creation_tokens = o.usage.cacheWriteTokens;
    other.cache_creation_ratio = CREATE_CACHE_RATIO;
  }
  if (ctx.otherRatio !== 1) other.other_ratio = ctx.otherRatio;
  if (o.usage.webSearch) {
    other.web_search = true;
    other.web_search_call_count = o.usage.webSearch.calls;
    other.web_search_price = o.usage.webSearch.usdPerThousand;
  }
  other.frt = o.firstResponseMs;
  other.is_stream = ctx.stream;
  other.request_path = ctx.path;
  other.channel_id = o.channel.id;
  other.upstream_model_name = o.upstreamModel;
  other.is_model_mapped = o.upstreamModel !== ctx.model;
  other.usage_estimated = o.estimated;
  other.admin_info = { use_channel: ctx.usedChannels, local_count_tokens: o.estimated };
  if (o.streamStatus) other.stream_status = o.streamStatus;
  if (p.mode === "ratio" && p.unset) other.unset_model_ratio = true;
  if (p.fallback) other.fallback_pricing = true;
  return JSON.stringify(other);
}

const pricings: ModelPricing[] = [
  { mode: "ratio", modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.5, groupRatio: 1, unset: false },
  { mode: "ratio", modelRatio: 37.5, completionRatio: 1, cacheRatio: 1, groupRatio: 0.8, unset: true },
  {
    mode: "ratio",
    modelRatio: 1e21,
    completionRatio: 1e-7,
    cacheRatio: -0,
    groupRatio: 2,
    unset: false,
    fallback: true,
  },
  { mode: "price", price: 0.02, groupRatio: 1.5 },
  { mode: "price", price: Infinity, groupRatio: NaN, fallback: true },
];
const usages: Usage[] = [
  { promptTokens: 10, completionTokens: 5, cachedTokens: 0 },
  { promptTokens: 900, completionTokens: 7, cachedTokens: 300, cacheWriteTokens: 200 },
  {
    promptTokens: 9,
    completionTokens: 1,
    cachedTokens: undefined as unknown as number,
    webSearch: { calls: 2, usdPerThousand: 10 },
  },
];
const statuses: (StreamStatus | undefined)[] = [
  undefined,
  { status: "error", end_reason: "upstream_error", end_error: 'a "quoted" \\ text\n' },
];
const requests = [
  { model: "gpt-4o-mini", upstreamModel: "gpt-4o-mini", path: "/v1/chat/completions", channels: [3] },
  { model: "模型\u2028", upstreamModel: 'm"\\/\u0001\ud800', path: "/v1beta/models/x:generate?", channels: [] },
  { model: "a", upstreamModel: "b", path: "/v1/messages", channels: [1, 2, 12] },
];

test("consumeLogOther writes what JSON.stringify of the former object wrote, for every combination", () => {
  let cases = 0;
  for (const pricing of pricings)
    for (const usage of usages)
      for (const streamStatus of statuses)
        for (const r of requests)
          for (const otherRatio of [1, 0.5, NaN])
            for (const estimated of [false, true]) {
              const ctx: Input = {
                pricing,
                otherRatio,
                stream: estimated,
                path: r.path,
                model: r.model,
                usedChannels: r.channels,
              };
              const o: Outcome = {
                channel: { id: r.channels.at(-1) ?? 7 } as CachedChannel,
                upstreamModel: r.upstreamModel,
                usage,
                estimated,
                firstResponseMs: otherRatio === 1 ? 412 : 1.5,
                ...(streamStatus ? { streamStatus } : {}),
              };
              expect(consumeLogOther(ctx, o)).toBe(reference(ctx, o));
              cases++;
            }
  expect(cases).toBe(5 * 3 * 2 * 3 * 3 * 2);
});
