// Options: an in-memory map (defaults overlaid with the options table) answered without a DB round
// trip. A write goes to the database and updates the map at once; other instances re-read the table
// every SYNC_FREQUENCY seconds (the multi-instance issue adds push invalidation over Redis).
import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { OPTION_DEFAULTS } from "@/lib/server/options/defaults";

type State = { map: Map<string, string>; loadedAt: number; loading?: Promise<Map<string, string>> };
const g = globalThis as unknown as { __gatewayOptions?: State };

async function loadFromDb(): Promise<Map<string, string>> {
  const rows = await db().option.findMany();
  const map = new Map(Object.entries(OPTION_DEFAULTS));
  for (const row of rows) map.set(row.key, row.value);
  return map;
}

/** All options (defaults + stored), refreshed from the DB when older than SYNC_FREQUENCY. */
export async function getOptions(): Promise<ReadonlyMap<string, string>> {
  const state = g.__gatewayOptions;
  const fresh = state && Date.now() - state.loadedAt < env().SYNC_FREQUENCY * 1000;
  if (state && fresh) return state.map;
  if (state?.loading) return state.loading;
  const loading = loadFromDb().then((map) => {
    g.__gatewayOptions = { map, loadedAt: Date.now() };
    return map;
  });
  if (state) state.loading = loading;
  try {
    return await loading;
  } catch (err) {
    if (state) {
      state.loading = undefined;
      return state.map; // keep serving the last good copy if the DB hiccups
    }
    throw err;
  }
}

export async function getOption(key: string): Promise<string> {
  return (await getOptions()).get(key) ?? OPTION_DEFAULTS[key] ?? "";
}

export async function getBoolOption(key: string): Promise<boolean> {
  return (await getOption(key)) === "true";
}

export async function getNumberOption(key: string, fallback = 0): Promise<number> {
  const n = Number(await getOption(key));
  return Number.isFinite(n) ? n : fallback;
}

export function parseJsonOption<T>(value: string, fallback: T): T {
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** Writes one option and updates this instance's map immediately. */
export async function setOption(key: string, value: string): Promise<void> {
  await db().option.upsert({ where: { key }, create: { key, value }, update: { value } });
  const map = await getOptions();
  (map as Map<string, string>).set(key, value);
}

export async function setOptions(entries: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(entries)) await setOption(key, value);
}

export function invalidateOptionsCache(): void {
  g.__gatewayOptions = undefined;
}
