import "server-only";

// GET /api/channel/test/{id}?model=: one request straight to the channel (no routing, no user
// quota), recording response time. A success on an auto-disabled channel re-enables it when
// AutomaticEnableChannelEnabled is on. The call is logged as a consume log named 模型测试 (not billed).
import { CHANNEL_STATUS, LOG_TYPE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { getOptions } from "@/lib/server/options/store";
import { getPriceTable, priceModel, quotaForUsage } from "@/lib/server/ledger/pricing";
import { invalidateChannels, toCached } from "@/lib/server/cache/channel-cache";
import { prepareProbe } from "@/relay/public";
import { notifyRoot } from "@/lib/server/notify/notify-root";
import { splitList } from "@/modules/channels/server/rebuild-abilities";
import { redactSecrets } from "@/modules/channels/server/upstream-get";
import { serverMessage, type ServerMessageKey } from "@/lib/server/i18n/server-messages";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { recordConsume } from "@/lib/server/metrics/record";

export type ChannelTestResult = { success: boolean; message: string; time: number };
export type Translate = (key: ServerMessageKey, params?: Record<string, string | number>) => string;

const zh: Translate = (key, params) => serverMessage("zh", key, params);

export async function testChannel(
  actor: Pick<CurrentUser, "id" | "username">,
  id: number,
  requestedModel?: string,
  t: Translate = zh,
): Promise<ChannelTestResult> {
  const row = await db().channel.findUnique({ where: { id } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  const channel = toCached(row);
  const model = requestedModel || row.testModel || splitList(row.models)[0] || "gpt-4o-mini";
  const probe = await prepareProbe(channel, model);
  if (probe.kind === "unsupported")
    return { success: false, message: t("channel_test_unsupported", { type: channel.type }), time: 0 };
  if (probe.kind === "no_key") return { success: false, message: t("channel_test_no_key"), time: 0 };
  const started = Date.now();
  let result: ChannelTestResult;
  let usage = { prompt_tokens: 0, completion_tokens: 0 };
  try {
    const answer = await probe.send(60_000);
    const seconds = (Date.now() - started) / 1000;
    if (answer.status !== 200) {
      let message = t("channel_upstream_status", { status: answer.status });
      try {
        const detail = (JSON.parse(answer.text) as { error?: { message?: string } }).error?.message;
        if (typeof detail === "string" && detail) message = `${message}: ${detail.slice(0, 300)}`;
      } catch {
        // not JSON: the status alone
      }
      // Upstreams echo keys in their error texts ("Incorrect API key provided: sk-...").
      result = { success: false, message: redactSecrets(message, channel.keys), time: seconds };
    } else {
      const reported = answer.usage;
      if (reported) usage = { prompt_tokens: reported.promptTokens, completion_tokens: reported.completionTokens };
      result = { success: true, message: "", time: seconds };
    }
  } catch (err) {
    const reason = redactSecrets((err as Error).message, channel.keys);
    result = {
      success: false,
      message: t("channel_upstream_unreachable", { reason }),
      time: (Date.now() - started) / 1000,
    };
  }

  const now = Math.floor(Date.now() / 1000);
  await db().channel.update({
    where: { id },
    data: { testTime: now, ...(result.success ? { responseTime: Math.round(result.time * 1000) } : {}) },
  });
  if (result.success) {
    const table = await getPriceTable();
    const pricing = priceModel(table, model, "default", true);
    const quota = pricing
      ? quotaForUsage(
          pricing,
          { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, cachedTokens: 0 },
          table.quotaPerUnit,
        )
      : 0;
    await db().log.create({
      data: {
        createdAt: now,
        type: LOG_TYPE.consume,
        userId: actor.id,
        username: actor.username,
        tokenName: "模型测试",
        content: "模型测试",
        modelName: model,
        quota: BigInt(quota),
        promptTokens: usage.prompt_tokens,
        completionTokens: usage.completion_tokens,
        useTime: Math.round(result.time),
        channelId: id,
      },
    });
    recordConsume("channel_test", model, quota, usage.prompt_tokens, usage.completion_tokens);
    if (row.status === CHANNEL_STATUS.autoDisabled && (await getOptions()).bool("AutomaticEnableChannelEnabled")) {
      await db().$transaction([
        db().channel.update({ where: { id }, data: { status: CHANNEL_STATUS.enabled, otherInfo: "" } }),
        db().ability.updateMany({ where: { channelId: id }, data: { enabled: true } }),
      ]);
      await notifyRoot(`通道「${row.name}」（#${id}）已被启用`, id);
    }
  }
  invalidateChannels();
  return result;
}
