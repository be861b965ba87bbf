import "server-only";

// Billing of a realtime session, one charge per `response.done` as it arrives (new-api's
// PostWssConsumeQuota): (text in + text out × completion ratio + audio in × audio ratio + audio out ×
// audio ratio × audio completion ratio) × model ratio × group ratio, or the model's price per
// response. A hold is reserved before each response (at session start, then after each charge): the
// charge settles it at the actual cost (beyond the hold as a debt, as any relay settlement), and when
// no new hold can be reserved the quota has run out and the session is closed. Each charge queues
// its consume log with it, so Σ logs == the ledger; the last hold is refunded when the session ends.
import { LOG_TYPE } from "@/lib/constants";
import { refund, reserve, settleAndRecord, type Reservation } from "@/lib/server/ledger/ledger";
import type { SettleRecords } from "@/lib/server/ledger/settle-records";
import type { ModelPricing } from "@/lib/server/ledger/pricing";
import { recordConsume } from "@/lib/server/metrics/record";
import type { ReadonlyOptions } from "@/lib/server/options/store";
import { parseJsonOption } from "@/lib/server/options/store";
import type { RelayCaller } from "@/relay/kernel/context";

export type RealtimeUsage = { textIn: number; textOut: number; audioIn: number; audioOut: number; cached: number };

export type RealtimeSessionFacts = {
  caller: RelayCaller;
  model: string;
  pricing: ModelPricing;
  quotaPerUnit: number;
  channelId: number;
  requestId: string;
  ip: string;
  startedAt: number;
  options: ReadonlyOptions;
};

/** A count from the upstream: a non-negative integer below 10^9, else 0 (a hostile or broken upstream). */
const count = (v: unknown): number => (typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v < 1e9 ? v : 0);

/** The usage of a `response.done` event, or null when it has none. */
export function realtimeUsage(event: unknown): RealtimeUsage | null {
  const usage = (event as { response?: { usage?: Record<string, unknown> } } | null)?.response?.usage;
  if (!usage || typeof usage !== "object") return null;
  const inD = (usage.input_token_details ?? {}) as Record<string, unknown>;
  const outD = (usage.output_token_details ?? {}) as Record<string, unknown>;
  const input = count(usage.input_tokens);
  const output = count(usage.output_tokens);
  const audioIn = Math.min(count(inD.audio_tokens), input);
  const audioOut = Math.min(count(outD.audio_tokens), output);
  return { textIn: input - audioIn, textOut: output - audioOut, audioIn, audioOut, cached: count(inD.cached_tokens) };
}

/** A model's audio ratios from the options (AudioRatio, AudioCompletionRatio; 1 when unset). */
function audioRatios(options: ReadonlyOptions, model: string): { audio: number; audioCompletion: number } {
  const of = (key: string) => {
    const map = parseJsonOption<Record<string, unknown>>(options.get(key) ?? "{}", {});
    const v = Object.hasOwn(map, model) ? map[model] : undefined;
    return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 1;
  };
  return { audio: of("AudioRatio"), audioCompletion: of("AudioCompletionRatio") };
}

/** The quota of one response (new-api's calculateAudioQuota). */
export function realtimeQuota(
  p: ModelPricing,
  u: RealtimeUsage,
  quotaPerUnit: number,
  audio: number,
  audioCompletion: number,
): number {
  if (p.mode === "price") return Math.round(p.price * quotaPerUnit * p.groupRatio);
  const tokens =
    u.textIn +
    Math.round(u.textOut * p.completionRatio) +
    Math.round(u.audioIn * audio) +
    Math.round(u.audioOut * audio * audioCompletion);
  const ratio = p.modelRatio * p.groupRatio;
  const q = Math.round(tokens * ratio);
  return ratio !== 0 && q <= 0 ? 1 : q;
}

export type RealtimeBiller = {
  /** Charges one response; answers false when the quota ran out (no hold for the next one). */
  charge: (u: RealtimeUsage) => Promise<boolean>;
  /** Gives back the outstanding hold (the session ended). */
  finish: () => Promise<void>;
};

export function realtimeBiller(facts: RealtimeSessionFacts, first: Reservation, holdAmount: number): RealtimeBiller {
  let hold: Reservation | null = first;
  const tokenId = facts.caller.token?.id ?? null;
  const { audio, audioCompletion } = audioRatios(facts.options, facts.model);
  return {
    async charge(u) {
      if (!hold) return false;
      const quota = realtimeQuota(facts.pricing, u, facts.quotaPerUnit, audio, audioCompletion);
      const settled = await settleAndRecord(hold, quota, facts.channelId, records(facts, u, audio, audioCompletion));
      hold = null;
      recordConsume("relay", facts.model, settled.charged, u.textIn + u.audioIn, u.textOut + u.audioOut);
      const pref = facts.caller.user.setting.billing_preference;
      const next = await reserve(facts.caller.user.id, tokenId, holdAmount, 1, pref).catch(() => null);
      if (!next?.ok) return false;
      hold = next.reservation;
      return true;
    },
    async finish() {
      const h = hold;
      hold = null;
      if (h) await refund(h);
    },
  };
}

function records(f: RealtimeSessionFacts, u: RealtimeUsage, audio: number, audioCompletion: number): SettleRecords {
  const p = f.pricing;
  const now = Math.floor(Date.now() / 1000);
  const out: SettleRecords = { log: null, usage: null };
  if (f.options.get("LogConsumeEnabled") !== "false") {
    const content =
      p.mode === "price"
        ? `模型价格 ${p.price}，分组倍率 ${p.groupRatio}`
        : `模型倍率 ${p.modelRatio}，补全倍率 ${p.completionRatio}，音频倍率 ${audio}，音频补全倍率 ${audioCompletion}，分组倍率 ${p.groupRatio}`;
    const other = {
      ws: true,
      audio: true,
      group_ratio: p.groupRatio,
      model_ratio: p.mode === "ratio" ? p.modelRatio : undefined,
      completion_ratio: p.mode === "ratio" ? p.completionRatio : undefined,
      model_price: p.mode === "price" ? p.price : undefined,
      audio_ratio: audio,
      audio_completion_ratio: audioCompletion,
      text_input: u.textIn,
      text_output: u.textOut,
      audio_input: u.audioIn,
      audio_output: u.audioOut,
      cache_tokens: u.cached,
    };
    out.log = {
      createdAt: now,
      type: LOG_TYPE.consume,
      content,
      userId: f.caller.user.id,
      username: f.caller.user.username,
      tokenName: f.caller.token?.name ?? "",
      tokenId: f.caller.token?.id ?? 0,
      modelName: f.model,
      quota: 0,
      promptTokens: u.textIn + u.audioIn,
      completionTokens: u.textOut + u.audioOut,
      useTime: Math.round((Date.now() - f.startedAt) / 1000),
      isStream: true,
      channelId: f.channelId,
      group: f.caller.group,
      ip: f.caller.user.setting.show_ip_in_logs ? f.ip : "",
      requestId: f.requestId,
      other: JSON.stringify(other),
    };
  }
  if (f.options.get("DataExportEnabled") !== "false") {
    out.usage = {
      key: {
        userId: f.caller.user.id,
        username: f.caller.user.username,
        modelName: f.model,
        hour: now - (now % 3600),
        group: f.caller.group,
        tokenId: f.caller.token?.id ?? 0,
        channelId: f.channelId,
      },
      tokens: u.textIn + u.textOut + u.audioIn + u.audioOut,
      holdMinutes: Number(f.options.get("DataExportInterval")) || 5,
    };
  }
  return out;
}
