import "server-only";

// Tokens and their owners for the relay, answered from memory. Entries expire after SYNC_FREQUENCY
// and are dropped at once by invalidateToken / invalidateUser, which every token/user write calls;
// with Redis the drop reaches every instance through the event bus (a disabled token is refused
// everywhere within milliseconds).
// Keys that match no token are remembered apart (a bounded negative cache: MAX_MISSES entries, the
// oldest dropped first, NEGATIVE_TTL_MS each), so a spray of invalid keys neither queries the
// database for a key it already tried nor pushes valid tokens out of the cache. Creating a token
// clears it on every instance (invalidateMissingTokens), so a new key never stays "unknown".
import type { TOKEN_STATUS } from "@/lib/constants";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { sha256Hex } from "@/lib/server/crypto/secret-box";
import { singleton } from "@/lib/server/singleton";
import { emitEvent, onEvent } from "@/lib/server/redis/bus";
import { parseAllowList, type ipAllowed } from "@/lib/server/cache/ip-allow-list";
import { NegativeCache } from "@/lib/server/cache/negative-cache";

export type CachedToken = {
  id: number;
  userId: number;
  name: string;
  status: number;
  expiredTime: number;
  unlimited: boolean;
  modelLimits: Set<string> | null;
  allowIps: Parameters<typeof ipAllowed>[0];
  group: string;
  rateLimit: { period: number; count: number; success: number } | null;
  deleted: boolean;
};

export type UserSetting = {
  notify_type?: string;
  quota_warning_threshold?: number;
  webhook_url?: string;
  webhook_secret?: string;
  notification_email?: string;
  accept_unset_model_ratio_model?: boolean;
  show_ip_in_logs?: boolean;
  /** Which of subscription plans and wallet pays first (lib/billing-preference.ts). */
  billing_preference?: string;
};

export type CachedUser = {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  email: string;
  setting: UserSetting;
  deleted: boolean;
};

type Entry<T> = { value: T | null; at: number };
type State = {
  tokens: Map<string, Entry<CachedToken>>;
  /** Key hashes that matched no token (bounded, short-lived). */
  misses: NegativeCache;
  tokenHashById: Map<number, string>;
  users: Map<number, Entry<CachedUser>>;
  /** Bumped by every invalidation: a read that began before one must not be cached after it. */
  generation: number;
};
export const MAX_MISSES = 10_000;
export const NEGATIVE_TTL_MS = 10_000;

const state = singleton<State>("relay.tokens", () => ({
  tokens: new Map(),
  misses: new NegativeCache(MAX_MISSES, NEGATIVE_TTL_MS),
  tokenHashById: new Map(),
  users: new Map(),
  generation: 0,
}));

const MAX_ENTRIES = 100_000;

function fresh(at: number): boolean {
  return Date.now() - at < env().SYNC_FREQUENCY * 1000;
}

/**
 * The token of a key, from memory when possible. `beforeQuery` runs only when the database is about
 * to be asked (neither cache knows the key): the relay refuses blocked addresses there.
 */
export async function getTokenByKey(rawKey: string, beforeQuery?: () => Promise<void>): Promise<CachedToken | null> {
  const hash = sha256Hex(rawKey);
  const hit = state.tokens.get(hash);
  if (hit && fresh(hit.at)) return hit.value;
  if (state.misses.has(hash)) return null;
  await beforeQuery?.();
  const generation = state.generation;
  const row = await db().token.findUnique({ where: { keyHash: hash } });
  const value: CachedToken | null = row
    ? {
        id: row.id,
        userId: row.userId,
        name: row.name,
        status: row.status,
        expiredTime: Number(row.expiredTime),
        unlimited: row.unlimitedQuota,
        modelLimits: row.modelLimitsEnabled
          ? new Set(
              row.modelLimits
                .split(",")
                .map((s) => s.trim())
                .filter(Boolean),
            )
          : null,
        allowIps: parseAllowList(row.allowIps),
        group: row.group,
        rateLimit: row.rateLimitEnabled
          ? { period: row.rateLimitPeriod, count: row.rateLimitCount, success: row.rateLimitSuccess }
          : null,
        deleted: row.deletedAt !== null,
      }
    : null;
  if (generation !== state.generation) return value;
  if (!value) {
    state.misses.add(hash);
    return null;
  }
  if (state.tokens.size > MAX_ENTRIES) state.tokens.clear();
  state.tokens.set(hash, { value, at: Date.now() });
  state.tokenHashById.set(value.id, hash);
  return value;
}

export async function getUser(id: number): Promise<CachedUser | null> {
  const hit = state.users.get(id);
  if (hit && fresh(hit.at)) return hit.value;
  const generation = state.generation;
  const row = await db().user.findUnique({
    where: { id },
    select: {
      id: true,
      username: true,
      role: true,
      status: true,
      group: true,
      email: true,
      setting: true,
      deletedAt: true,
    },
  });
  let setting: UserSetting = {};
  try {
    setting = row ? (JSON.parse(row.setting) as UserSetting) : {};
  } catch {
    setting = {};
  }
  const value = row
    ? {
        id: row.id,
        username: row.username,
        role: row.role,
        status: row.status,
        group: row.group,
        email: row.email,
        setting,
        deleted: row.deletedAt !== null,
      }
    : null;
  if (generation !== state.generation) return value;
  if (state.users.size > MAX_ENTRIES) state.users.clear();
  state.users.set(id, { value, at: Date.now() });
  return value;
}

function dropToken(tokenId: number): void {
  state.generation++;
  const hash = state.tokenHashById.get(tokenId);
  if (hash) state.tokens.delete(hash);
  state.tokenHashById.delete(tokenId);
}

function dropAll(): void {
  state.generation++;
  state.tokens.clear();
  state.misses.clear();
  state.tokenHashById.clear();
  state.users.clear();
}

// Registered once per process when the relay loads (both module copies share the singleton).
singleton("relay.tokens.events", () => {
  onEvent("token", (id) => dropToken(Number(id)), dropAll);
  onEvent("user", (id) => {
    state.generation++;
    state.users.delete(Number(id));
  });
  onEvent("tokens:all", dropAll);
  onEvent("tokens:created", () => {
    state.generation++;
    state.misses.clear();
  });
  return true;
});

export function invalidateToken(tokenId: number): void {
  emitEvent("token", tokenId);
}

/** Stores the status the relay found a token in (expired, exhausted) and drops it from every cache;
 *  in the background: the request that found it is refused either way. */
export function markTokenStatus(
  tokenId: number,
  status: typeof TOKEN_STATUS.expired | typeof TOKEN_STATUS.exhausted,
): void {
  void db()
    .token.update({ where: { id: tokenId }, data: { status } })
    .then(() => invalidateToken(tokenId))
    .catch(() => undefined);
}

export function invalidateUser(userId: number): void {
  emitEvent("user", userId);
}

export function invalidateAllTokens(): void {
  emitEvent("tokens:all", null);
}

/** A token was created: no key may stay remembered as unknown (on any instance). */
export function invalidateMissingTokens(): void {
  emitEvent("tokens:created", null);
}
