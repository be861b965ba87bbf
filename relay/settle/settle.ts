import "server-only";

// After the response: settle the reservation at the actual usage, count the request, and queue the
// consume log + usage aggregate (written by bookkeeping.ts, never on the response path).
import { getOptions } from "@/lib/server/options/store";
import { settleAndRecord } from "@/lib/server/ledger/ledger";
import { applySettleRecords, type SettleRecords } from "@/lib/server/ledger/settle-records";
import { CREATE_CACHE_RATIO, quotaForUsage, type ModelPricing } from "@/lib/server/ledger/pricing";
import type { RelayContext } from "@/relay/kernel/context";
import type { Outcome } from "@/relay/kernel/outcome";
import { maybeWarnQuota } from "@/relay/settle/quota-warning";
import { LOG_TYPE } from "@/lib/constants";
import { recordConsume } from "@/lib/server/metrics/record";
import { checkedUsage, saneUsage } from "@/relay/kernel/usage-check";

export async function settleRequest(ctx: RelayContext, o: Outcome): Promise<void> {
  const options = await getOptions();
  // Every reader checks its upstream's usage (usage-check.ts); one that did not charges the
  // reservation rather than write a count that is not one into the balances and the log.
  const sane = saneUsage(o.usage);
  if (!sane) {
    checkedUsage(o.usage, ctx.requestId);
    o = { ...o, usage: { promptTokens: 0, completionTokens: 0, cachedTokens: 0 }, estimated: true };
  }
  const wanted = sane
    ? quotaForUsage(ctx.pricing, o.usage, ctx.table.quotaPerUnit, ctx.otherRatio)
    : (ctx.reservation?.amount ?? 0);
  const p = ctx.pricing;
  const now = Math.floor(Date.now() / 1000);
  // The log and usage bucket are built before the charge is known and settled with it (its quota
  // is filled in then).
  const records: SettleRecords = { log: null, usage: null };
  if (options.bool("LogConsumeEnabled")) {
    const content =
      p.mode === "price"
        ? `模型价格 ${p.price}，分组倍率 ${p.groupRatio}`
        : `模型倍率 ${p.modelRatio}，补全倍率 ${p.completionRatio}，分组倍率 ${p.groupRatio}`;
    records.log = {
      createdAt: now,
      type: LOG_TYPE.consume,
      content,
      userId: ctx.caller.user.id,
      username: ctx.caller.user.username,
      tokenName: ctx.caller.token?.name ?? (ctx.playground ? "playground" : ""),
      tokenId: ctx.caller.token?.id ?? 0,
      modelName: ctx.model,
      quota: 0,
      promptTokens: o.usage.promptTokens,
      completionTokens: o.usage.completionTokens,
      useTime: Math.round((Date.now() - ctx.startedAt) / 1000),
      isStream: ctx.stream,
      channelId: o.channel.id,
      group: ctx.caller.group,
      ip: ctx.caller.user.setting.show_ip_in_logs ? ctx.ip : "",
      requestId: ctx.requestId,
      other: consumeLogOther(ctx, o),
    };
  }
  if (options.bool("DataExportEnabled")) {
    records.usage = {
      key: {
        userId: ctx.caller.user.id,
        username: ctx.caller.user.username,
        modelName: ctx.model,
        hour: now - (now % 3600),
        group: ctx.caller.group,
        tokenId: ctx.caller.token?.id ?? 0,
        channelId: o.channel.id,
      },
      tokens: o.usage.promptTokens + o.usage.completionTokens,
      holdMinutes: options.num("DataExportInterval") || 5,
    };
  }
  const settled = ctx.reservation ? await settleAndRecord(ctx.reservation, wanted, o.channel.id, records) : null;
  if (!settled) applySettleRecords(records, 0);
  const charged = settled?.charged ?? 0;
  recordConsume("relay", ctx.model, charged, o.usage.promptTokens, o.usage.completionTokens);
  const threshold = ctx.caller.user.setting.quota_warning_threshold || options.num("QuotaRemindThreshold") || 0;
  if (settled?.userQuota !== null && settled?.userQuota !== undefined)
    void maybeWarnQuota(ctx.caller.user.id, settled.userQuota, threshold);
}

// The consume log's `other` JSON, written field by field. JSON.stringify of the same object was the
// largest single part of settleRequest (~2 % of the relay's CPU per request in the profile of
// 2026-11-28). The text is byte for byte what JSON.stringify gives for the object the fields describe
// (same order, an undefined value leaves its key out, a non-finite number is null), which
// log-other.test.ts (beside this file) checks against JSON.stringify.
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
