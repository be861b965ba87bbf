import "server-only";

// Retry and auto-disable rules.
import { CHANNEL_STATUS } from "@/lib/constants";
import type { ReadonlyOptions } from "@/lib/server/options/store";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { invalidateChannels, type CachedChannel } from "@/lib/server/cache/channel-cache";
import type { RelayError } from "@/relay/kernel/errors";
import { notifyRoot } from "@/lib/server/notify/notify-root";
import { open } from "@/lib/server/crypto/secret-box";

const rangeMemo = new Map<string, [number, number][]>();

export function parseStatusRanges(text: string): [number, number][] {
  let ranges = rangeMemo.get(text);
  if (!ranges) {
    ranges = text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map((part) => {
        const [a, b] = part.split("-").map((x) => Number(x.trim()));
        return [a ?? 0, b ?? a ?? 0] as [number, number];
      })
      .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
    rangeMemo.set(text, ranges);
  }
  return ranges;
}

export function statusIn(status: number, ranges: [number, number][]): boolean {
  return ranges.some(([a, b]) => status >= a && status <= b);
}

export function shouldRetry(err: RelayError, retryStatusCodes: string): boolean {
  if (err.code.startsWith("channel:")) return true;
  if (!err.retryable) return false;
  const status = err.upstreamStatus ?? err.status;
  if (status >= 200 && status < 300) return false;
  if (status < 100 || status > 599) return true;
  if (err.code === "bad_response_body") return false;
  if (status === 504 || status === 524) return false;
  return statusIn(status, parseStatusRanges(retryStatusCodes));
}

/**
 * How many retries a request gets and on which statuses: RetryTimes + AutomaticRetryStatusCodes, or,
 * when global.auto_retry_enabled, global.auto_retry_count (1–10) and global.auto_retry_status_codes
 * (classes like "5xx" or codes/ranges). A pinned channel is never retried.
 */
export function retryPolicy(options: ReadonlyOptions, pinned: boolean): { times: number; statusCodes: string } {
  if (pinned) return { times: 0, statusCodes: "" };
  if (options.bool("global.auto_retry_enabled")) {
    const codes = options
      .str("global.auto_retry_status_codes")
      .split(",")
      .map((c) => c.trim().replace(/^([1-5])xx$/i, "$100-$199"))
      .join(",");
    return {
      times: Math.min(10, Math.max(1, options.num("global.auto_retry_count") || 3)),
      statusCodes: codes,
    };
  }
  return {
    times: Math.max(0, options.num("RetryTimes") || 0),
    statusCodes: options.str("AutomaticRetryStatusCodes"),
  };
}

/**
 * The vendor's codes for a fault of the channel itself (its key, account, billing or quota), matched
 * exactly against the error's classification fields (upstream/upstream-error.ts), never its message.
 * OpenAI error.code/type; Anthropic error.type; Gemini error.status and ErrorInfo reasons (an invalid
 * key is a 400 INVALID_ARGUMENT with reason API_KEY_INVALID); Bedrock's x-amzn-errortype.
 */
const CHANNEL_FAULT_CODES = new Set([
  "invalid_api_key",
  "account_deactivated",
  "billing_not_active",
  "insufficient_quota",
  "insufficient_user_quota",
  "pre_consume_token_quota_failed",
  "authentication_error",
  "permission_error",
  "billing_error",
  "forbidden",
  "unauthenticated",
  "permission_denied",
  "api_key_invalid",
  "api_key_expired",
  "consumer_suspended",
  "unrecognizedclientexception",
  "accessdeniedexception",
]);

/** Statuses that speak of the channel's credentials or account, whatever the request was. */
const CHANNEL_FAULT_STATUSES = new Set([401, 402, 403]);

const keywordList = (keywords: string) =>
  keywords
    .split("\n")
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);

/**
 * Whether an error takes the channel (or its key) out of service. Only a fault of the channel itself
 * counts: its credentials, account, billing or quota. A request can make an upstream answer 400, 404,
 * 413, 422 or 429, and upstream messages quote the request ("Invalid value: '<role>'", Gemini's
 * `Unknown name "<field>"`), so any API key could otherwise disable a channel for everyone (review 3
 * N4). Hence:
 * - our own refusals (not an upstream fault) never count;
 * - the vendor's classification fields decide: a known channel-fault code, or an admin keyword found
 *   in one of them (AutomaticDisableKeywords), at any status;
 * - the message is read, for the keywords, only on 401/402/403; AutomaticDisableStatusCodes applies
 *   only to those statuses too (a rate-limit 429 disables only with a quota code, above).
 */
export function shouldDisable(err: RelayError, statusCodes: string, keywords: string): boolean {
  if (!err.upstreamFault) return false;
  const fields = err.upstreamClass;
  if (fields.some((f) => CHANNEL_FAULT_CODES.has(f))) return true;
  const words = keywordList(keywords);
  const spaced = fields.map((f) => f.replace(/[_-]+/g, " "));
  if (words.some((k) => fields.some((f) => f.includes(k)) || spaced.some((f) => f.includes(k)))) return true;
  const status = err.upstreamStatus ?? err.status;
  if (err.upstreamStatus === undefined || !CHANNEL_FAULT_STATUSES.has(status)) return false;
  if (statusIn(status, parseStatusRanges(statusCodes))) return true;
  const message = err.message.toLowerCase();
  return words.some((k) => message.includes(k));
}

type KeyInfo = {
  multi_key_status_list?: Record<string, number>;
  multi_key_disabled_reason?: Record<string, string>;
  multi_key_disabled_time?: Record<string, number>;
};

/**
 * Marks one key of a multi-key channel auto-disabled (3) with its reason and time. The key is found by
 * its value in the row as it is now (an admin may have deleted or reordered keys since the cache was
 * built), and the write is conditional on the row being unchanged since it was read (an admin's key
 * action in between is never overwritten: the read is retried). Answers whether every key is now
 * disabled (the channel then goes too), or null when the key is gone or the row kept changing.
 */
async function disableKey(channelId: number, key: string, reason: string, now: number): Promise<boolean | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await db().channel.findUnique({ where: { id: channelId }, select: { key: true, channelInfo: true } });
    if (!row) return null;
    const keys = open(row.key)
      .split("\n")
      .map((k) => k.trim())
      .filter(Boolean);
    const index = keys.indexOf(key);
    if (index < 0) return null;
    const info = JSON.parse(row.channelInfo || "{}") as KeyInfo;
    info.multi_key_status_list = { ...(info.multi_key_status_list ?? {}), [index]: CHANNEL_STATUS.autoDisabled };
    info.multi_key_disabled_reason = { ...(info.multi_key_disabled_reason ?? {}), [index]: reason };
    info.multi_key_disabled_time = { ...(info.multi_key_disabled_time ?? {}), [index]: now };
    const written = await db().channel.updateMany({
      where: { id: channelId, key: row.key, channelInfo: row.channelInfo },
      data: { channelInfo: JSON.stringify(info) },
    });
    if (written.count === 1)
      return keys.every(
        (_, i) => (info.multi_key_status_list?.[i] ?? CHANNEL_STATUS.enabled) !== CHANNEL_STATUS.enabled,
      );
  }
  return null;
}

/**
 * Auto-disables a channel (status 3 with reason and time in other_info), or only the failing key
 * of a multi-key channel while other keys remain. Root is told through a system log.
 */
export async function autoDisable(channel: CachedChannel, keyIndex: number, reason: string): Promise<void> {
  try {
    const now = Math.floor(Date.now() / 1000);
    const row = await db().channel.findUnique({
      where: { id: channel.id },
      select: { otherInfo: true, name: true, status: true },
    });
    if (!row || row.status !== CHANNEL_STATUS.enabled) return;
    if (channel.multiKey && channel.keys.length > 1) {
      channel.multiKey.disabled.add(keyIndex);
      const key = channel.keys[keyIndex];
      const disabledAll = key === undefined ? null : await disableKey(channel.id, key, reason, now);
      invalidateChannels();
      if (!disabledAll) return;
    }
    const other = {
      ...(JSON.parse(row.otherInfo || "{}") as Record<string, unknown>),
      status_reason: reason,
      status_time: now,
    };
    await db().$transaction([
      db().channel.update({
        where: { id: channel.id },
        data: { status: CHANNEL_STATUS.autoDisabled, otherInfo: JSON.stringify(other) },
      }),
      db().ability.updateMany({ where: { channelId: channel.id }, data: { enabled: false } }),
    ]);
    invalidateChannels();
    await notifyRoot(`通道「${row.name}」（#${channel.id}）已被禁用，原因：${reason}`, channel.id);
  } catch (err) {
    logger().error({ err, channelId: channel.id }, "auto-disable failed");
  }
}
