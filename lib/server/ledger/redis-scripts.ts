import "server-only";

// Lua scripts of the Redis ledger. Each runs atomically inside Redis, so a reservation, settlement or
// refund is one round trip and concurrent requests on any number of instances can never overdraw.
//
// Keys (prefixed "gw:" by the client): bal:u:<id> {q: quota}, bal:t:<id> {r: remain, u: unlimited 0/1},
// resv:<instance> {<reservation id>: "<userId>:<tokenId or ->:<amount>"}. A balance key exists only
// once loaded from the database; scripts answer "not loaded" instead of creating it from nothing.
// Negations are written `0 - x`: Lua's `-x` of 0 is -0, which HINCRBY refuses as "not an integer".
import type Redis from "ioredis";
import { redis } from "@/lib/server/redis/client";
import { singleton } from "@/lib/server/singleton";

/** KEYS user, token, resv; ARGV amount, hasToken, resvId, resvValue prefix ("<user>:<token>:", the
 *  amount reserved is appended), ttlMs, min (≤ amount: reserve what the balances hold down to min).
 *  → {0, uq, tr, reserved} ok | {-1} not loaded | {1..4, uq, tr} refused (token_exhausted,
 *  user_exhausted, user_insufficient, token_insufficient). */
export const RESERVE = `
local uq = redis.call('HGET', KEYS[1], 'q')
if not uq then return {-1} end
uq = tonumber(uq)
local amount = tonumber(ARGV[1])
local hasToken = ARGV[2] == '1'
local tr, unl = -1, 1
if hasToken then
  local t = redis.call('HMGET', KEYS[2], 'r', 'u')
  if not t[1] then return {-1} end
  tr = tonumber(t[1])
  unl = tonumber(t[2])
end
if hasToken and unl == 0 and tr <= 0 then return {1, uq, tr} end
if uq <= 0 then return {2, uq, tr} end
local min = tonumber(ARGV[6] or ARGV[1])
if min < amount then
  local avail = uq
  if hasToken and unl == 0 and tr < avail then avail = tr end
  if avail < amount then amount = avail end
  if amount < min then amount = min end
end
if uq < amount then return {3, uq, tr} end
if hasToken and unl == 0 and tr < amount then return {4, uq, tr} end
redis.call('HINCRBY', KEYS[1], 'q', 0 - amount)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
if hasToken then
  redis.call('HINCRBY', KEYS[2], 'r', 0 - amount)
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
end
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4] .. amount)
return {0, uq - amount, tr - amount, amount}
`;

/** KEYS user, token, resv; ARGV resvId, reserved, actual. Charges `actual` whatever the balances
 *  hold: beyond them it is a debt (the balances go negative, memory-ledger.ts chargeFor). A
 *  reservation already swept (its instance was presumed dead) counts as 0 reserved: the full cost is
 *  charged. ARGV hasToken, fixed (a retried settlement; the same charge) are kept for queued retries.
 *  → {charged, uq after}, or {charged} when the key is gone (a debt makes uq negative). */
export const SETTLE = `
local reserved = tonumber(ARGV[2])
if redis.call('HDEL', KEYS[3], ARGV[1]) == 0 then reserved = 0 end
local actual = tonumber(ARGV[3])
if actual < 0 then actual = 0 end
local uq = redis.call('HGET', KEYS[1], 'q')
if not uq then return {actual} end
uq = tonumber(uq)
local diff = actual - reserved
if diff ~= 0 then
  redis.call('HINCRBY', KEYS[1], 'q', 0 - diff)
  if ARGV[4] == '1' and redis.call('EXISTS', KEYS[2]) == 1 then redis.call('HINCRBY', KEYS[2], 'r', 0 - diff) end
end
return {actual, uq - diff}
`;

/** KEYS user, token, resv; ARGV resvId, amount, hasToken. Gives a reservation back (once). */
export const REFUND = `
if redis.call('HDEL', KEYS[3], ARGV[1]) == 0 then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HINCRBY', KEYS[1], 'q', ARGV[2]) end
if ARGV[3] == '1' and redis.call('EXISTS', KEYS[2]) == 1 then redis.call('HINCRBY', KEYS[2], 'r', ARGV[2]) end
return 1
`;

/** KEYS user, token; ARGV uq, hasToken, tr, unlimited, ttlMs. Loads balances that are not loaded. */
export const LOAD = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'q', ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
if ARGV[2] == '1' and redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('HSET', KEYS[2], 'r', ARGV[3], 'u', ARGV[4])
  redis.call('PEXPIRE', KEYS[2], ARGV[5])
end
return 1
`;

/** KEYS user, token; ARGV userDelta, tokenDelta, unlimited ('' = unchanged). Applies an outside
 *  write (top-up, admin edit) to loaded balances; unloaded ones read the database when needed. */
export const ADJUST = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HINCRBY', KEYS[1], 'q', ARGV[1]) end
if redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('HINCRBY', KEYS[2], 'r', ARGV[2])
  if ARGV[3] ~= '' then redis.call('HSET', KEYS[2], 'u', ARGV[3]) end
end
return 1
`;

/** KEYS instance heartbeat, resv of that instance; ARGV key prefix, instance id.
 *  Gives back every reservation of an instance whose heartbeat expired (it died mid-request). */
export const SWEEP = `
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
local entries = redis.call('HGETALL', KEYS[2])
local n = 0
for i = 1, #entries, 2 do
  local uid, tid, amount = string.match(entries[i + 1], '^(%d+):([%d%-]+):(%d+)$')
  if uid then
    local ukey = ARGV[1] .. 'bal:u:' .. uid
    if redis.call('EXISTS', ukey) == 1 then redis.call('HINCRBY', ukey, 'q', amount) end
    if tid ~= '-' then
      local tkey = ARGV[1] .. 'bal:t:' .. tid
      if redis.call('EXISTS', tkey) == 1 then redis.call('HINCRBY', tkey, 'r', amount) end
    end
    n = n + 1
  end
end
redis.call('DEL', KEYS[2])
redis.call('SREM', ARGV[1] .. 'instances', ARGV[2])
return n
`;

type Scripted = Redis & {
  gwReserve(...args: (string | number)[]): Promise<number[]>;
  gwSettle(...args: (string | number)[]): Promise<number[]>;
  gwRefund(...args: (string | number)[]): Promise<number>;
  gwLoad(...args: (string | number)[]): Promise<number>;
  gwAdjust(...args: (string | number)[]): Promise<number>;
};

const defined = singleton("relay.redis-scripts", () => new WeakSet<Redis>());

/** The command connection with the ledger scripts defined on it (EVALSHA, loaded on first use). */
export function scripted(): Scripted {
  const client = redis();
  if (!client) throw new Error("redis ledger used without REDIS_URL");
  if (!defined.has(client)) {
    client.defineCommand("gwReserve", { numberOfKeys: 3, lua: RESERVE });
    client.defineCommand("gwSettle", { numberOfKeys: 3, lua: SETTLE });
    client.defineCommand("gwRefund", { numberOfKeys: 3, lua: REFUND });
    client.defineCommand("gwLoad", { numberOfKeys: 2, lua: LOAD });
    client.defineCommand("gwAdjust", { numberOfKeys: 2, lua: ADJUST });
    defined.add(client);
  }
  return client as Scripted;
}

export const userKey = (id: number) => `bal:u:${id}`;
/** Scripts always get three keys; "bal:none" stands for "no token" (never written). */
export const tokenKey = (id: number | null) => (id === null ? "bal:none" : `bal:t:${id}`);
