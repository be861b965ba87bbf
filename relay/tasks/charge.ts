import "server-only";

// Per-call billing of asynchronous tasks (Midjourney, Suno), as new-api bills them. One call, one
// price: reserve the whole price before the upstream call, keep it (settle) only when the upstream
// accepted the task, give it back otherwise. The consume log is queued like every relay charge.
import { CHANNEL_TYPES as CATALOGUE, type TaskPlatform } from "@/lib/channel-types";
import { env } from "@/lib/env";
import { getOptions } from "@/lib/server/options/store";
import type { RelayCaller } from "@/relay/kernel/context";
import { refund, settleAndRecord, type Reservation } from "@/lib/server/ledger/ledger";
import type { SettleRecords } from "@/lib/server/ledger/settle-records";
import { getPriceTable } from "@/lib/server/ledger/pricing";
import { taskPrice, type TaskPrice } from "@/relay/tasks/task-price";
import { getRouting, type CachedChannel } from "@/lib/server/cache/channel-cache";
import { LOG_TYPE } from "@/lib/constants";
import { recordConsume } from "@/lib/server/metrics/record";
import { relayError } from "@/relay/kernel/error-codes";
import { VIDEO_TYPES } from "@/relay/vendors";

export type TaskCall = {
  caller: RelayCaller;
  model: string;
  price: TaskPrice;
  channel: CachedChannel;
  key: string;
  reservation: Reservation;
  requestId: string;
  path: string;
  startedAt: number;
  ip: string;
};

/**
 * The router's channel and key choice, handed in by the entry (routes.ts): tasks come after the
 * routing stage, so they are given its choice rather than importing it.
 */
/** What the routing stage decides for a task call, handed down by the entry (tasks come after routing). */
export type TaskChannels = {
  channel(candidates: CachedChannel[]): CachedChannel | null;
  key(channel: CachedChannel): { key: string } | null;
  /** The quota reservation, refused when the balance cannot pay (routing/reserve-quota.ts). */
  reserve(
    payer: { id: number; setting: { billing_preference?: string } },
    token: { id: number } | null,
    tokenId: number | null,
    amount: number,
  ): Promise<Reservation>;
};

/** Channel types of the task platforms (the vendor catalogue's task transports). */
const typesOf = (platform: TaskPlatform) => CATALOGUE.filter((v) => v.transport === platform).map((v) => v.id);
export const TASK_CHANNEL_TYPES: Record<TaskPlatform, readonly number[]> = {
  midjourney: typesOf("midjourney"),
  suno: typesOf("suno"),
  // Sora channels and the OpenAI and Azure channels that serve the same videos API.
  video: VIDEO_TYPES,
};
const CHANNEL_TYPES = TASK_CHANNEL_TYPES;

/**
 * Everything before the upstream call: model limits, price, channel choice (a channel of the
 * platform's types that serves the model for the caller's group, or the pinned one), reservation.
 * `channelId` forces a channel (an action on an existing task goes where the task lives).
 */
export async function prepareTaskCall(input: {
  caller: RelayCaller;
  model: string;
  platform: keyof typeof CHANNEL_TYPES;
  requestId: string;
  path: string;
  ip: string;
  channelId?: number;
  channels: TaskChannels;
  /** new-api's OtherRatios of the chosen channel's vendor (video seconds and size), multiplied in. */
  ratios?: (channel: CachedChannel) => Record<string, number>;
}): Promise<TaskCall> {
  const { caller, model } = input;
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(model))
    throw relayError("model_not_allowed", { model });
  const table = await getPriceTable();
  const price = taskPrice(table, model, caller.group, !!caller.user.setting.accept_unset_model_ratio_model);
  if (!price) throw relayError("model_price_missing", { model });
  const routing = await getRouting();
  const types: readonly number[] = CHANNEL_TYPES[input.platform];
  const forced = input.channelId ?? caller.channelPin;
  let channel: CachedChannel | null;
  if (forced !== null && forced !== undefined) {
    channel = routing.byId.get(forced) ?? null;
    if (!channel || !types.includes(channel.type)) throw relayError("channel_disabled");
  } else {
    const candidates = (routing.abilities.get(caller.group)?.get(model) ?? []).filter((c) => types.includes(c.type));
    channel = input.channels.channel(candidates);
  }
  if (!channel) throw relayError("no_channel", { model, group: caller.group });
  const picked = input.channels.key(channel);
  if (!picked) throw relayError("task_channel_no_key");
  const priced = input.ratios ? withRatios(price, input.ratios(channel), table.quotaPerUnit) : price;

  const tokenId = caller.token?.id ?? null;
  const reservation = await input.channels.reserve(caller.user, caller.token, tokenId, priced.quota);
  return {
    caller,
    model,
    price: priced,
    channel,
    key: picked.key,
    reservation,
    requestId: input.requestId,
    path: input.path,
    startedAt: Date.now(),
    ip: input.ip,
  };
}

/** The price times every ratio (new-api: base quota × ∏ OtherRatios). */
function withRatios(price: TaskPrice, ratios: Record<string, number>, quotaPerUnit: number): TaskPrice {
  const product = Object.values(ratios).reduce((p, r) => p * r, 1);
  return { ...price, ratios, quota: Math.round(price.price * quotaPerUnit * price.groupRatio * product) };
}

/**
 * The upstream accepted the task: keep the reservation, with its consume log and usage bucket
 * (in a worker process one message to the primary, like a chat settlement).
 */
export async function chargeTaskCall(call: TaskCall, taskId: string): Promise<number> {
  const options = await getOptions();
  const { caller, price } = call;
  const now = Math.floor(Date.now() / 1000);
  const records: SettleRecords = { log: null, usage: null };
  if (options.bool("LogConsumeEnabled")) {
    records.log = {
      createdAt: now,
      type: LOG_TYPE.consume,
      content: `模型价格 ${price.price}，分组倍率 ${price.groupRatio}${ratioText(price.ratios)}，任务 ${taskId}`,
      userId: caller.user.id,
      username: caller.user.username,
      tokenName: caller.token?.name ?? "",
      tokenId: caller.token?.id ?? 0,
      modelName: call.model,
      quota: 0, // the charge, filled in by the settlement
      promptTokens: 0,
      completionTokens: 0,
      useTime: Math.round((Date.now() - call.startedAt) / 1000),
      isStream: false,
      channelId: call.channel.id,
      group: caller.group,
      ip: caller.user.setting.show_ip_in_logs ? call.ip : "",
      requestId: call.requestId,
      other: JSON.stringify({
        model_price: price.price,
        group_ratio: price.groupRatio,
        price_source: price.source,
        per_call: true,
        ...(price.ratios ? { other_ratios: price.ratios } : {}),
        task_id: taskId,
        request_path: call.path,
        channel_id: call.channel.id,
        admin_info: { use_channel: [call.channel.id] },
      }),
    };
  }
  if (options.bool("DataExportEnabled")) {
    records.usage = {
      key: {
        userId: caller.user.id,
        username: caller.user.username,
        modelName: call.model,
        hour: now - (now % 3600),
        group: caller.group,
        tokenId: caller.token?.id ?? 0,
        channelId: call.channel.id,
      },
      tokens: 0,
      holdMinutes: options.num("DataExportInterval") || 5,
    };
  }
  const { charged } = await settleAndRecord(call.reservation, price.quota, call.channel.id, records);
  recordConsume("task", call.model, charged, 0, 0);
  return charged;
}

const ratioText = (ratios: Record<string, number> | undefined) =>
  ratios
    ? Object.entries(ratios)
        .map(([k, v]) => `，${k} ${v}`)
        .join("")
    : "";

/** Who paid the task (the row keeps it): the subscription and its quota period, or the wallet (0). */
export function taskFunding(call: TaskCall): { subscriptionId: number; subscriptionEpoch: number } {
  const plan = call.reservation.plan;
  return { subscriptionId: plan?.sub ?? 0, subscriptionEpoch: plan?.epoch ?? 0 };
}

/** The upstream refused or failed: nothing is charged. */
export async function releaseTaskCall(call: TaskCall): Promise<void> {
  await refund(call.reservation);
}

/** Unfinished tasks older than this fail and are refunded (TASK_TIMEOUT_MINUTES, new-api's 1440). */
export function taskTimeoutMs(): number {
  return env().TASK_TIMEOUT_MINUTES * 60_000;
}
