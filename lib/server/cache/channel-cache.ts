import "server-only";

// In-memory routing table for the relay: enabled channels (keys decrypted once) and the abilities
// map group -> model -> channels. Rebuilt after every channel write (invalidateChannels) and every
// SYNC_FREQUENCY seconds, so the hot path never queries the database to pick a channel.
import { CHANNEL_STATUS } from "@/lib/constants";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { open } from "@/lib/server/crypto/secret-box";
import { singleton } from "@/lib/server/singleton";
import { emitEvent, onEvent } from "@/lib/server/redis/bus";
import { parseJsonMap } from "@/lib/own-keys";

export type MultiKeyState = { mode: "random" | "polling"; disabled: Set<number>; pollIndex: number };

export type CachedChannel = {
  id: number;
  type: number;
  name: string;
  baseUrl: string;
  other: string;
  organization: string;
  keys: string[];
  multiKey: MultiKeyState | null;
  modelMapping: Record<string, string> | null;
  statusCodeMapping: Record<string, number> | null;
  paramOverride: Record<string, unknown> | null;
  headerOverride: Record<string, string> | null;
  systemPrompt: string;
  setting: Record<string, unknown>;
  autoBan: boolean;
  priority: number;
  weight: number;
  createdTime: number;
};

type Routing = {
  byId: Map<number, CachedChannel>;
  abilities: Map<string, Map<string, CachedChannel[]>>;
  loadedAt: number;
};
type State = { routing: Routing | null; loading: Promise<Routing> | null; version: number };

const state = singleton<State>("relay.channels", () => ({ routing: null, loading: null, version: 0 }));

function parseJson<T>(text: string): T | null {
  if (!text?.trim()) return null;
  try {
    // Admin-written maps (model mapping, overrides, status codes) keyed by request values: no
    // inherited members (own-keys.ts).
    return parseJsonMap<T>(text);
  } catch {
    return null;
  }
}

/** A relay-ready view of a channel row (keys decrypted, JSON fields parsed). */
export function toCached(row: Awaited<ReturnType<typeof loadRows>>[number]): CachedChannel {
  const keys = open(row.key)
    .split("\n")
    .map((k) => k.trim())
    .filter(Boolean);
  const info = parseJson<{
    is_multi_key?: boolean;
    multi_key_mode?: string;
    multi_key_status_list?: Record<string, number>;
    polling_index?: number;
  }>(row.channelInfo);
  const multiKey =
    info?.is_multi_key || keys.length > 1
      ? {
          mode: info?.multi_key_mode === "polling" ? ("polling" as const) : ("random" as const),
          disabled: new Set(
            Object.entries(info?.multi_key_status_list ?? {})
              .filter(([, s]) => s !== 1)
              .map(([i]) => Number(i)),
          ),
          pollIndex: info?.polling_index ?? 0,
        }
      : null;
  const statusMap = parseJson<Record<string, string | number>>(row.statusCodeMapping);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    baseUrl: row.baseUrl.replace(/\/+$/, ""),
    other: row.other,
    organization: row.openaiOrganization,
    keys,
    multiKey,
    modelMapping: parseJson<Record<string, string>>(row.modelMapping),
    statusCodeMapping: statusMap ? Object.fromEntries(Object.entries(statusMap).map(([k, v]) => [k, Number(v)])) : null,
    paramOverride: parseJson<Record<string, unknown>>(row.paramOverride),
    headerOverride: parseJson<Record<string, string>>(row.headerOverride),
    systemPrompt: row.systemPrompt,
    setting: parseJson<Record<string, unknown>>(row.setting) ?? {},
    autoBan: row.autoBan === 1,
    priority: row.priority,
    weight: row.weight,
    createdTime: row.createdTime,
  };
}

function loadRows() {
  return db().channel.findMany({ where: { status: CHANNEL_STATUS.enabled } });
}

async function load(): Promise<Routing> {
  const [rows, abilities] = await Promise.all([
    loadRows(),
    db().ability.findMany({
      where: { enabled: true },
      select: { group: true, model: true, channelId: true, priority: true, weight: true },
    }),
  ]);
  const byId = new Map(rows.map((r) => [r.id, toCached(r)]));
  const map = new Map<string, Map<string, CachedChannel[]>>();
  for (const a of abilities) {
    const channel = byId.get(a.channelId);
    if (!channel) continue;
    let models = map.get(a.group);
    if (!models) map.set(a.group, (models = new Map()));
    const list = models.get(a.model) ?? [];
    list.push({ ...channel, priority: a.priority, weight: a.weight });
    models.set(a.model, list);
  }
  for (const models of map.values()) for (const list of models.values()) list.sort((x, y) => y.priority - x.priority);
  return { byId, abilities: map, loadedAt: Date.now() };
}

export async function getRouting(): Promise<Routing> {
  const r = state.routing;
  if (r && Date.now() - r.loadedAt < env().SYNC_FREQUENCY * 1000) return r;
  if (!state.loading) {
    const version = state.version;
    state.loading = load()
      .then((routing) => {
        if (state.version === version) state.routing = routing;
        return routing;
      })
      .finally(() => {
        state.loading = null;
      });
  }
  // A stale table keeps serving while the refresh runs; only the first load waits.
  return r ?? state.loading;
}

function dropRouting(): void {
  state.version++;
  state.routing = null;
  state.loading = null;
}

// Every instance drops its routing table when any instance writes a channel (Redis event bus).
singleton("relay.channels.events", () => {
  onEvent("channels", dropRouting, dropRouting);
  return true;
});

/** Call after any channel or ability write (this instance and, with Redis, every other one). */
export function invalidateChannels(): void {
  emitEvent("channels", null);
}
