import "server-only";

// Options: an in-memory map (defaults overlaid with the options table) answered without a DB round
// trip. A write goes to the database and updates the map at once; with Redis every other instance
// hears of it through the event bus and re-reads the table (SYNC_FREQUENCY expiry stays a backstop).
import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { OPTION_DEFAULTS } from "@/lib/server/options/defaults";
import { emitEvent, onEvent } from "@/lib/server/redis/bus";
import { singleton } from "@/lib/server/singleton";
import { ownValue, parseJsonMap } from "@/lib/own-keys";

/**
 * The option map with typed readers, so no caller compares strings: `bool` is true only for "true",
 * `num` falls back when the value is not a finite number, `json` when it does not parse.
 */
export class Options extends Map<string, string> {
  str(key: string): string {
    return this.get(key) ?? ownValue(OPTION_DEFAULTS, key) ?? "";
  }
  bool(key: string): boolean {
    return this.str(key) === "true";
  }
  num(key: string, fallback = 0): number {
    const n = Number(this.str(key));
    return Number.isFinite(n) ? n : fallback;
  }
  json<T>(key: string, fallback: T): T {
    return parseJsonOption(this.str(key), fallback);
  }
}
export type ReadonlyOptions = Omit<Options, "set" | "delete" | "clear">;

/** Options from a plain map (tests, or a snapshot with pending writes applied). */
export function optionsOf(entries: Iterable<readonly [string, string]> | ReadonlyMap<string, string> = []): Options {
  return new Options(entries as Iterable<readonly [string, string]>);
}

type State = { map: Options; loadedAt: number; loading?: Promise<Options> };
const g = globalThis as unknown as { __gatewayOptions?: State; __gatewayOptionsVersion?: number };

async function loadFromDb(): Promise<Options> {
  const rows = await db().option.findMany();
  const map = new Options(Object.entries(OPTION_DEFAULTS));
  for (const row of rows) map.set(row.key, row.value);
  return map;
}

/** All options (defaults + stored), refreshed from the DB when older than SYNC_FREQUENCY. */
export async function getOptions(): Promise<ReadonlyOptions> {
  const state = g.__gatewayOptions;
  const fresh = state && Date.now() - state.loadedAt < env().SYNC_FREQUENCY * 1000;
  if (state && fresh) return state.map;
  if (state?.loading) return state.loading;
  // A load that started before an invalidation must not install its (older) copy afterwards.
  const version = g.__gatewayOptionsVersion ?? 0;
  const loading = loadFromDb().then((map) => {
    if ((g.__gatewayOptionsVersion ?? 0) === version) g.__gatewayOptions = { map, loadedAt: Date.now() };
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
  return (await getOptions()).get(key) ?? ownValue(OPTION_DEFAULTS, key) ?? "";
}

export async function getBoolOption(key: string): Promise<boolean> {
  return (await getOptions()).bool(key);
}

export async function getNumberOption(key: string, fallback = 0): Promise<number> {
  return (await getOptions()).num(key, fallback);
}

/** An option's JSON, its objects without prototype (own-keys.ts: keys are admin-chosen names). */
export function parseJsonOption<T>(value: string, fallback: T): T {
  try {
    return parseJsonMap<T>(value);
  } catch {
    return fallback;
  }
}

function dropLocalCopy(): void {
  g.__gatewayOptionsVersion = (g.__gatewayOptionsVersion ?? 0) + 1;
  g.__gatewayOptions = undefined;
}

singleton("options.events", () => {
  onEvent("options", dropLocalCopy, dropLocalCopy);
  return true;
});

/** Writes one option, updates this instance's map immediately and tells the other instances. */
export async function setOption(key: string, value: string): Promise<void> {
  await writeOption(key, value);
  emitEvent("options", null);
}

async function writeOption(key: string, value: string): Promise<void> {
  await db().option.upsert({ where: { key }, create: { key, value }, update: { value } });
  const map = await getOptions();
  (map as Options).set(key, value);
}

export async function setOptions(entries: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(entries)) await writeOption(key, value);
  emitEvent("options", null);
}

export function invalidateOptionsCache(): void {
  emitEvent("options", null);
}
