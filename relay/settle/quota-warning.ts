import "server-only";

// Hook for quota-warning notifications: the relay reports users whose balance fell below their
// threshold; delivery (email / webhook) registers a listener. At most once per user per 2 hours —
// across the cluster with REDIS_URL: the instance whose `SET NX` wins sends it. When Redis cannot be
// reached the warning is skipped (a missed warning is harmless, a duplicate mail is not).
import { logger } from "@/lib/server/logger";
import { redisEnabled } from "@/lib/server/redis/client";
import { readyRedis } from "@/lib/server/redis/when-ready";
import { singleton } from "@/lib/server/singleton";

export type QuotaWarning = { userId: number; remaining: number; threshold: number };
type Listener = (w: QuotaWarning) => void | Promise<void>;

const state = singleton("relay.quota-warning", () => ({
  listeners: [] as Listener[],
  /** When this instance last knew the user's memo to be set (it sent, or another instance had). */
  lastSent: new Map<number, number>(),
}));
export const QUOTA_WARNING_INTERVAL_MS = 2 * 60 * 60 * 1000;
const RETRY_AFTER_ERROR_MS = 60_000;

// Set the memo if absent (1 = ours), else answer its remaining lifetime so this instance can stop
// asking until it expires.
const CLAIM_LUA = `
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return -10 end
return redis.call('PTTL', KEYS[1])
`;

export function onQuotaWarning(listener: Listener): void {
  state.listeners.push(listener);
}

/** True when this instance may send the warning now (and everyone else may not for 2 h). */
async function claim(userId: number, now: number): Promise<boolean> {
  if (!redisEnabled()) return true;
  try {
    const client = await readyRedis();
    const ttl = Number(await client.eval(CLAIM_LUA, 1, `quota-warn:${userId}`, QUOTA_WARNING_INTERVAL_MS));
    if (ttl === -10) return true;
    // Someone else sent it: remember when their memo lapses (-2: just expired, ask again next time).
    if (ttl > 0) state.lastSent.set(userId, now - (QUOTA_WARNING_INTERVAL_MS - ttl));
    else state.lastSent.delete(userId);
    return false;
  } catch (err) {
    logger().warn({ userId, err: (err as Error).message }, "quota warning skipped: redis unavailable");
    // Ask again in a minute, not on every request of this user while Redis is down.
    state.lastSent.set(userId, now - QUOTA_WARNING_INTERVAL_MS + RETRY_AFTER_ERROR_MS);
    return false;
  }
}

function deliver(w: QuotaWarning): void {
  for (const l of state.listeners) void Promise.resolve(l(w)).catch(() => undefined);
}

/** Fire and forget from the settle path; resolves once the warning was sent or skipped (tests). */
export function maybeWarnQuota(userId: number, remaining: number, threshold: number): Promise<void> {
  if (remaining >= threshold || threshold <= 0) return Promise.resolve();
  const now = Date.now();
  if (now - (state.lastSent.get(userId) ?? 0) < QUOTA_WARNING_INTERVAL_MS) return Promise.resolve();
  // Block concurrent requests of this instance while the claim is in flight.
  state.lastSent.set(userId, now);
  return claim(userId, now).then((won) => {
    if (won) deliver({ userId, remaining, threshold });
  });
}
