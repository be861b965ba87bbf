import "server-only";

// POST /api/channel/multi_key/manage: new-api's actions on the keys of one multi-key channel
// (controller/channel.go ManageMultiKeys). The read-modify-write of the key column and channel_info
// is a conditional update on the values read, retried when the relay or another admin wrote in
// between: no lost update, on one instance or several. The routing cache is rebuilt after a write,
// so a re-enabled key is picked again and a disabled one no longer.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { KEY_STATUS, type ManageMultiKeysInput } from "@/modules/channels/multi-key-schemas";
import { sealKeys } from "@/modules/channels/server/channel-data";
import { listChannelKeys } from "@/modules/channels/server/list-channel-keys";
import { isMultiKey, readKeyStates, writeKeyStates, type KeyState } from "@/modules/channels/server/multi-key-state";

export type ManageResult = { message?: ServerMessageKey; params?: Record<string, number>; data?: unknown };

type Change = { keys: KeyState[]; result: ManageResult };

const ATTEMPTS = 5;

function indexOf(input: ManageMultiKeysInput, keys: KeyState[]): number {
  if (input.key_index == null) throw new AppError("bad_request", "multi_key_index_required");
  if (input.key_index >= keys.length) throw new AppError("bad_request", "multi_key_index_out_of_range");
  return input.key_index;
}

const enabled = (k: KeyState): KeyState => ({ key: k.key, status: KEY_STATUS.enabled, reason: "", time: 0 });

/** The new key list a write action makes, or its refusal. */
function change(input: ManageMultiKeysInput, keys: KeyState[]): Change {
  switch (input.action) {
    case "disable_key": {
      const i = indexOf(input, keys);
      const next = keys.map((k, j) => (j === i ? { ...k, status: KEY_STATUS.manuallyDisabled } : k));
      return { keys: next, result: { message: "multi_key_disabled" } };
    }
    case "enable_key": {
      const i = indexOf(input, keys);
      return { keys: keys.map((k, j) => (j === i ? enabled(k) : k)), result: { message: "multi_key_enabled" } };
    }
    case "enable_all_keys": {
      const count = keys.filter((k) => k.status !== KEY_STATUS.enabled).length;
      return { keys: keys.map(enabled), result: { message: "multi_key_enabled_all", params: { count } } };
    }
    case "disable_all_keys": {
      const count = keys.filter((k) => k.status === KEY_STATUS.enabled).length;
      if (!count) throw new AppError("bad_request", "multi_key_none_to_disable");
      const next = keys.map((k) =>
        k.status === KEY_STATUS.enabled ? { ...k, status: KEY_STATUS.manuallyDisabled } : k,
      );
      return { keys: next, result: { message: "multi_key_disabled_all", params: { count } } };
    }
    case "delete_key": {
      const i = indexOf(input, keys);
      if (keys.length === 1) throw new AppError("bad_request", "multi_key_last_key");
      return { keys: keys.filter((_, j) => j !== i), result: { message: "multi_key_deleted" } };
    }
    case "delete_disabled_keys": {
      // As new-api: only the keys the relay disabled (3); keys disabled by hand stay.
      const next = keys.filter((k) => k.status !== KEY_STATUS.autoDisabled);
      const count = keys.length - next.length;
      if (!count) throw new AppError("bad_request", "multi_key_none_auto_disabled");
      if (!next.length) throw new AppError("bad_request", "multi_key_last_key");
      return { keys: next, result: { message: "multi_key_deleted_disabled", params: { count }, data: count } };
    }
    default:
      throw new AppError("bad_request", "multi_key_action_unsupported");
  }
}

async function loadChannel(id: number) {
  const row = await db().channel.findUnique({ where: { id }, select: { id: true, key: true, channelInfo: true } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  const state = readKeyStates(row);
  if (!isMultiKey(state.info, state.keys.length)) throw new AppError("bad_request", "channel_not_multi_key");
  return { row, ...state };
}

export async function manageMultiKeys(input: ManageMultiKeysInput): Promise<ManageResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { row, info, keys } = await loadChannel(input.channel_id);
    if (input.action === "get_key_status") return { data: listChannelKeys(keys, input) };
    const next = change(input, keys);
    const keyColumn = next.keys.length === keys.length ? row.key : sealKeys(next.keys.map((k) => k.key));
    const written = await db().channel.updateMany({
      where: { id: row.id, key: row.key, channelInfo: row.channelInfo },
      data: { key: keyColumn, channelInfo: writeKeyStates(info, next.keys) },
    });
    if (written.count === 1) {
      invalidateChannels();
      return next.result;
    }
  }
  throw new AppError("conflict", "multi_key_busy");
}
