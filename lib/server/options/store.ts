import "server-only";

// Options: an in-memory map (defaults overlaid with the options table) answered without a DB round
// trip. A write goes to the database and updates the map at once; with Redis every other instance
// hears of it through the event bus and re-reads the table (SYNC_FREQUENCY expiry stays a backstop).
import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import {
  OPTION_DEFAULTS,
  type BoolOptionKey,
  type JsonOptionDoc,
  type JsonOptionKey,
  type NumOptionKey,
  type OptionKey,
  type StrOptionKey,
} from "@/lib/server/options/defaults";
import { emitEvent, onEvent } from "@/lib/server/redis/bus";
import { singleton } from "@/lib/server/singleton";
import { ownValue, parseJsonMap } from "@/lib/own-keys";

/**
 * The option map with typed readers, so no caller compares strings or parses by hand: each reader takes
 * only the keys declared with its kind (defaults.ts). `bool` is true only for "true", `num` falls back
 * when the value is not a finite number, `json` when it does not parse.
 */
export class Options extends Map<string, string> {
  /** The stored text of a declared key, else its default; `get` keeps Map's (any stored key). */
  text(key: OptionKey): string {
    return this.get(key) ?? ownValue(OPTION_DEFAULTS, key) ?? "";
  }
  str(key: StrOptionKey): string {
    return this.text(key);
  }
  bool(key: BoolOptionKey): boolean {
    return this.text(key) === "true";
  }
  num(key: NumOptionKey, fallback = 0): number {
    const n = Number(this.text(key));
    return Number.isFinite(n) ? n : fallback;
  }
  json<K extends JsonOptionKey>(key: K, fallback: JsonOptionDoc<K>): JsonOptionDoc<K> {
    return parseJsonOption(this.text(key), fallback);
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

/** The stored text of any declared key (a caller with its own parser, e.g. the model mapping). */
export async function getOptionText(key: OptionKey): Promise<string> {
  return (await getOptions()).text(key);
}

export async function getOption(key: StrOptionKey): Promise<string> {
  return (await getOptions()).str(key);
}

export async function getBoolOption(key: BoolOptionKey): Promise<boolean> {
  return (await getOptions()).bool(key);
}

export async function getNumberOption(key: NumOptionKey, fallback = 0): Promise<number> {
  return (await getOptions()).num(key, fallback);
}

export async function getJsonOption<K extends JsonOptionKey>(
  key: K,
  fallback: JsonOptionDoc<K>,
): Promise<JsonOptionDoc<K>> {
  return (await getOptions()).json(key, fallback);
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
