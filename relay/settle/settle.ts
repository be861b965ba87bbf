import "server-only";

// After the response: settle the reservation at the actual usage, count the request, and queue the
// consume log + usage aggregate (written by bookkeeping.ts, never on the response path).
import { getOptions } from "@/lib/server/options/store";
import { settleAndRecord } from "@/lib/server/ledger/ledger";
import { applySettleRecords, type SettleRecords } from "@/lib/server/ledger/settle-records";
import { quotaForUsage } from "@/lib/server/ledger/pricing";
import type { RelayContext } from "@/relay/kernel/context";
import type { Outcome } from "@/relay/kernel/outcome";
import { maybeWarnQuota } from "@/relay/settle/quota-warning";
import { consumeLogOther } from "@/relay/settle/log-other";
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
  if (options.get("LogConsumeEnabled") !== "false") {
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
  if (options.get("DataExportEnabled") !== "false") {
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
      holdMinutes: Number(options.get("DataExportInterval")) || 5,
    };
  }
  const settled = ctx.reservation ? await settleAndRecord(ctx.reservation, wanted, o.channel.id, records) : null;
  if (!settled) applySettleRecords(records, 0);
  const charged = settled?.charged ?? 0;
  recordConsume("relay", ctx.model, charged, o.usage.promptTokens, o.usage.completionTokens);
  const threshold = ctx.caller.user.setting.quota_warning_threshold || Number(options.get("QuotaRemindThreshold")) || 0;
  if (settled?.userQuota !== null && settled?.userQuota !== undefined)
    void maybeWarnQuota(ctx.caller.user.id, settled.userQuota, threshold);
}
