import "server-only";

// Sliding-window request counters in Redis, shared by every instance: one sorted set per scope and
// kind (all requests / successful requests), scored by the time of each request. A check prunes,
// counts, compares and records in ONE Lua script, so two instances can never both take the last slot.
//
// Times come from the calling instance's clock (instances are expected to run NTP; a skew of δ only
// moves the window edge by δ). Keys carry the scope in a hash tag so both sets of a scope live in one
// cluster slot.
import type Redis from "ioredis";
import { instanceId } from "@/lib/server/redis/client";
import { readyRedis } from "@/lib/server/redis/when-ready";

export type WindowLimit = { windowMs: number; total: number; success: number };

const CHECK_LUA = `
local now = tonumber(ARGV[1])
local edge = now - tonumber(ARGV[2])
local total = tonumber(ARGV[3])
local success = tonumber(ARGV[4])
if total > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', edge)
  if redis.call('ZCARD', KEYS[1]) >= total then return 1 end
end
if success > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', edge)
  if redis.call('ZCARD', KEYS[2]) >= success then return 2 end
end
if total > 0 then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;

const RECORD_LUA = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
`;

type Scripts = {
  gwRateCheck(
    all: string,
    ok: string,
    now: number,
    windowMs: number,
    total: number,
    success: number,
    member: string,
  ): Promise<number>;
  gwRateRecord(ok: string, now: number, windowMs: number, member: string): Promise<number>;
};

const defined = new WeakSet<Redis>();

function scripts(client: Redis): Scripts {
  if (!defined.has(client)) {
    // EVALSHA with a transparent EVAL fallback; keys get the client's "gw:" prefix.
    client.defineCommand("gwRateCheck", { numberOfKeys: 2, lua: CHECK_LUA });
    client.defineCommand("gwRateRecord", { numberOfKeys: 1, lua: RECORD_LUA });
    defined.add(client);
  }
  return client as unknown as Scripts;
}

let seq = 0;
/** Unique per request across the cluster (two requests in the same millisecond are two entries). */
const member = (now: number) => `${now}:${instanceId()}:${(seq = (seq + 1) % 1e9)}`;
const keyOf = (scope: string, kind: "all" | "ok") => `rl:{${scope}}:${kind}`;

/** Refusal reason or null (and the request counted); throws RedisUnavailableError when Redis is down. */
export async function checkWindowInRedis(
  scope: string,
  limit: WindowLimit,
  now = Date.now(),
): Promise<"total" | "success" | null> {
  const client = scripts(await readyRedis());
  const r = await client.gwRateCheck(
    keyOf(scope, "all"),
    keyOf(scope, "ok"),
    now,
    limit.windowMs,
    limit.total,
    limit.success,
    member(now),
  );
  return r === 1 ? "total" : r === 2 ? "success" : null;
}

export async function recordSuccessInRedis(scope: string, windowMs: number, now = Date.now()): Promise<void> {
  const client = scripts(await readyRedis());
  await client.gwRateRecord(keyOf(scope, "ok"), now, windowMs, member(now));
}
