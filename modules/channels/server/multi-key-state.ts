import "server-only";

// The per-key state of a multi-key channel as new-api keeps it in channel_info (ChannelInfo):
// multi_key_status_list, multi_key_disabled_reason and multi_key_disabled_time, each keyed by the
// key's index; an index absent from the status list is enabled. The relay writes the same maps when
// it disables one key (relay/routing/channel-health.ts autoDisable), so what it did shows here.
import { open } from "@/lib/server/crypto/secret-box";
import { KEY_STATUS } from "@/modules/channels/multi-key-schemas";

export type ChannelInfo = Record<string, unknown> & {
  is_multi_key?: boolean;
  key_count?: number;
  multi_key_status_list?: Record<string, number>;
  multi_key_disabled_reason?: Record<string, string>;
  multi_key_disabled_time?: Record<string, number>;
};

export type KeyState = { key: string; status: number; reason: string; time: number };

function parseInfo(text: string): ChannelInfo {
  try {
    const v = JSON.parse(text || "{}") as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as ChannelInfo) : {};
  } catch {
    return {};
  }
}

/** Own entries only: the maps come from stored JSON. */
function at<T>(map: Record<string, T> | undefined, index: number): T | undefined {
  return map && Object.prototype.hasOwnProperty.call(map, String(index)) ? map[String(index)] : undefined;
}

/** The keys of a stored channel row with their state, in index order. */
export function readKeyStates(row: { key: string; channelInfo: string }): { info: ChannelInfo; keys: KeyState[] } {
  const info = parseInfo(row.channelInfo);
  const keys = open(row.key)
    .split("\n")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((key, i) => {
      const s = at(info.multi_key_status_list, i);
      const status = s === KEY_STATUS.manuallyDisabled || s === KEY_STATUS.autoDisabled ? s : KEY_STATUS.enabled;
      const reason = status === KEY_STATUS.enabled ? "" : String(at(info.multi_key_disabled_reason, i) ?? "");
      const time = status === KEY_STATUS.enabled ? 0 : Number(at(info.multi_key_disabled_time, i) ?? 0) || 0;
      return { key, status, reason, time };
    });
  return { info, keys };
}

/** Whether the channel holds several keys (the relay's test, channel-cache.ts toCached). */
export function isMultiKey(info: ChannelInfo, keyCount: number): boolean {
  return info.is_multi_key === true || keyCount > 1;
}

/** channel_info for a new list of key states: the other fields (mode, polling index) are kept. */
export function writeKeyStates(info: ChannelInfo, keys: KeyState[]): string {
  const statuses: Record<string, number> = {};
  const reasons: Record<string, string> = {};
  const times: Record<string, number> = {};
  keys.forEach((k, i) => {
    if (k.status === KEY_STATUS.enabled) return;
    statuses[i] = k.status;
    if (k.reason) reasons[i] = k.reason;
    if (k.time) times[i] = k.time;
  });
  return JSON.stringify({
    ...info,
    key_count: keys.length,
    multi_key_status_list: statuses,
    multi_key_disabled_reason: reasons,
    multi_key_disabled_time: times,
  });
}

/**
 * What the console shows of a key: new-api's first 10 characters and "...", but never more than
 * half of a short key (new-api would show a key of 10 characters or fewer whole).
 */
export function keyPreview(key: string): string {
  const shown = Math.min(10, Math.floor(key.length / 2));
  return `${key.slice(0, shown)}...`;
}
