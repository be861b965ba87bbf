import "server-only";

// Lua scripts of the Redis ledger. Each runs atomically inside Redis, so a reservation, settlement or
// refund is one round trip and concurrent requests on any number of instances can never overdraw.
//
// Keys (prefixed "gw:" by the client): bal:u:<id> {q: quota}, bal:t:<id> {r: remain, u: unlimited 0/1},
// bal:p:<user id> (subscription plans: planKey),
// resv:<instance> {<reservation id>: "<userId>:<tokenId or ->:<amount>"}. A balance key exists only
// once loaded from the database; scripts answer "not loaded" instead of creating it from nothing.
// Negations are written `0 - x`: Lua's `-x` of 0 is -0, which HINCRBY refuses as "not an integer".
import type Redis from "ioredis";
import { redis } from "@/lib/server/redis/client";
import { singleton } from "@/lib/server/singleton";

/** KEYS user, token, resv, plans; ARGV amount, hasToken, resvId, resvValue prefix ("<user>:<token>:",
 *  the amount reserved is appended, then ":<sub>:<epoch>" when a plan pays), ttlMs, min (≤ amount:
 *  reserve what the balances hold down to min), billing preference, now (unix seconds).
 *  The sources are tried in new-api's order (plan-accounts.ts fundingOrder), the plans by end time.
 *  → {0, uq, tr, reserved[, sub, epoch, total, usedAfter, planId]} ok | {-1} not loaded |
 *  {1..6, uq, tr} refused (token_exhausted, user_exhausted, user_insufficient, token_insufficient,
 *  subscription_insufficient, plan_reset_due). */
export const RESERVE = `
local uq = redis.call('HGET', KEYS[1], 'q')
if not uq then return {-1} end
uq = tonumber(uq)
local list = redis.call('HGET', KEYS[4], 'L')
if not list then return {-1} end
local hasToken = ARGV[2] == '1'
local min = tonumber(ARGV[6] or ARGV[1])
local pref = ARGV[7] or 'wallet_only'
local now = tonumber(ARGV[8] or '0')
local tr, unl = -1, 1
if hasToken then
  local t = redis.call('HMGET', KEYS[2], 'r', 'u')
  if not t[1] then return {-1} end
  tr = tonumber(t[1])
  unl = tonumber(t[2])
end
if hasToken and unl == 0 and tr <= 0 then return {1, uq, tr} end
local plans, overflow, due = {}, false, false
for sub, total, e, ov, pid in string.gmatch(list, '(%d+):(%d+):(%d+):(%d):(%d+)') do
  if tonumber(e) > now then
    if ov == '1' then overflow = true end
    local nr = tonumber(redis.call('HGET', KEYS[4], 'n:' .. sub) or '0')
    if nr > 0 and nr <= now then due = true end
    plans[#plans + 1] = {sub, tonumber(total), pid}
  end
end
local function takeToken(amount)
  if hasToken then
    redis.call('HINCRBY', KEYS[2], 'r', 0 - amount)
    redis.call('PEXPIRE', KEYS[2], ARGV[5])
  end
end
local function wallet(amount)
  if uq <= 0 then return {2, uq, tr} end
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
  takeToken(amount)
  redis.call('HSET', KEYS[3], ARGV[3], ARGV[4] .. amount)
  return {0, uq - amount, tr - amount, amount}
end
local function plan(amount)
  if due then return {6, uq, tr} end
  if hasToken and unl == 0 then
    if tr < min then return {4, uq, tr} end
    if tr < amount then
      if min < amount then amount = tr else return {4, uq, tr} end
    end
  end
  local pick, take = nil, amount
  for _, p in ipairs(plans) do
    local used = tonumber(redis.call('HGET', KEYS[4], 'u:' .. p[1]) or '0')
    if p[2] == 0 or p[2] - used >= amount then pick = p break end
  end
  if not pick and min < amount then
    for _, p in ipairs(plans) do
      local used = tonumber(redis.call('HGET', KEYS[4], 'u:' .. p[1]) or '0')
      if p[2] - used >= min then pick = p take = p[2] - used break end
    end
  end
  if not pick then return {5, uq, tr} end
  local epoch = redis.call('HGET', KEYS[4], 'e:' .. pick[1]) or '0'
  local after = redis.call('HINCRBY', KEYS[4], 'u:' .. pick[1], take)
  redis.call('PEXPIRE', KEYS[4], ARGV[5])
  takeToken(take)
  redis.call('HSET', KEYS[3], ARGV[3], ARGV[4] .. take .. ':' .. pick[1] .. ':' .. epoch)
  return {0, uq, tr - take, take, tonumber(pick[1]), tonumber(epoch), pick[2], after, tonumber(pick[3])}
end
local order
if pref == 'wallet_only' then order = {wallet}
elseif pref == 'subscription_only' then order = {plan}
elseif pref == 'wallet_first' then order = {wallet, plan}
elseif #plans == 0 then order = {wallet}
elseif overflow then order = {plan, wallet}
else order = {plan} end
local res
for _, source in ipairs(order) do
  res = source(tonumber(ARGV[1]))
  if res[1] == 0 or res[1] == 1 or res[1] == 4 or res[1] == 6 then return res end
end
return res
`;

/** KEYS user, token, resv, plans; ARGV resvId, reserved, actual, hasToken, fixed, sub ('' = the
 *  wallet paid), epoch. Charges `actual` whatever the balances hold: beyond them it is a debt (the
 *  balances go negative, memory-ledger.ts chargeFor). A plan's used quota moves only within the
 *  quota period the reservation was taken in (plan-accounts.ts). A reservation already swept (its
 *  instance was presumed dead) counts as 0 reserved: the full cost is charged. `fixed` (a retried
 *  settlement; the same charge) is kept for queued retries.
 *  → {charged, uq after}, or {charged} when the key is gone (a debt makes uq negative). */
export const SETTLE = `
local reserved = tonumber(ARGV[2])
if redis.call('HDEL', KEYS[3], ARGV[1]) == 0 then reserved = 0 end
local actual = tonumber(ARGV[3])
if actual < 0 then actual = 0 end
local diff = actual - reserved
local sub = ARGV[6] or ''
if diff ~= 0 and ARGV[4] == '1' and redis.call('EXISTS', KEYS[2]) == 1 then redis.call('HINCRBY', KEYS[2], 'r', 0 - diff) end
if sub ~= '' then
  if diff ~= 0 and redis.call('HGET', KEYS[4], 'e:' .. sub) == ARGV[7] then
    redis.call('HINCRBY', KEYS[4], 'u:' .. sub, diff)
  end
  local uq = redis.call('HGET', KEYS[1], 'q')
  if not uq then return {actual} end
  return {actual, tonumber(uq)}
end
local uq = redis.call('HGET', KEYS[1], 'q')
if not uq then return {actual} end
uq = tonumber(uq)
if diff ~= 0 then redis.call('HINCRBY', KEYS[1], 'q', 0 - diff) end
return {actual, uq - diff}
`;

/** KEYS user, token, resv, plans; ARGV resvId, amount, hasToken, sub ('' = the wallet), epoch.
 *  Gives a reservation back (once). */
export const REFUND = `
if redis.call('HDEL', KEYS[3], ARGV[1]) == 0 then return 0 end
local sub = ARGV[4] or ''
if sub ~= '' then
  if redis.call('HGET', KEYS[4], 'e:' .. sub) == ARGV[5] then redis.call('HINCRBY', KEYS[4], 'u:' .. sub, 0 - ARGV[2]) end
elseif redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HINCRBY', KEYS[1], 'q', ARGV[2]) end
if ARGV[3] == '1' and redis.call('EXISTS', KEYS[2]) == 1 then redis.call('HINCRBY', KEYS[2], 'r', ARGV[2]) end
return 1
`;

/** KEYS user, token, plans; ARGV uq, hasToken, tr, unlimited, ttlMs, plan list ("sub:total:end:
 *  overflow:planId,…" in paying order), then sub, used, epoch, next reset per plan. Loads balances
 *  that are not loaded. */
export const LOAD = `
if redis.call('EXISTS', KEYS[3]) == 0 then
  redis.call('HSET', KEYS[3], 'L', ARGV[6])
  for i = 7, #ARGV, 4 do
    redis.call('HSET', KEYS[3], 'u:' .. ARGV[i], ARGV[i + 1], 'e:' .. ARGV[i], ARGV[i + 2], 'n:' .. ARGV[i], ARGV[i + 3])
  end
  redis.call('PEXPIRE', KEYS[3], ARGV[5])
end
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

/** KEYS plans; ARGV the plan list, then sub, used, epoch, next reset per plan, read from the database
 *  under the exclusive balance lock after a write to the user's subscriptions (a purchase, a reset,
 *  an expiry). Loaded plans only. A subscription whose quota period in the database is newer than
 *  the one here starts it (used and next reset from the database); the same period keeps the used
 *  quota here (it holds open reservations the database does not have yet). */
export const PLAN_SYNC = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'L', ARGV[1])
for i = 2, #ARGV, 4 do
  local cur = redis.call('HGET', KEYS[1], 'e:' .. ARGV[i])
  if not cur or tonumber(cur) < tonumber(ARGV[i + 2]) then
    redis.call('HSET', KEYS[1], 'u:' .. ARGV[i], ARGV[i + 1], 'e:' .. ARGV[i], ARGV[i + 2], 'n:' .. ARGV[i], ARGV[i + 3])
  end
end
return 1
`;

/** KEYS plans; ARGV sub, epoch, delta. An outside write moved a subscription's used quota (a task's
 *  refund or settlement): the plans Redis holds move by as much, within that quota period only. */
export const PLAN_ADJUST = `
if redis.call('HGET', KEYS[1], 'e:' .. ARGV[1]) == ARGV[2] then redis.call('HINCRBY', KEYS[1], 'u:' .. ARGV[1], ARGV[3]) end
return 1
`;

/** KEYS instance heartbeat, resv of that instance; ARGV key prefix, instance id.
 *  Gives back every reservation of an instance whose heartbeat expired (it died mid-request). */
export const SWEEP = `
if redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
local entries = redis.call('HGETALL', KEYS[2])
local n = 0
for i = 1, #entries, 2 do
  local uid, tid, amount, sub, epoch = string.match(entries[i + 1], '^(%d+):([%d%-]+):(%d+):?(%d*):?(%d*)$')
  if uid then
    if sub ~= '' then
      local pkey = ARGV[1] .. 'bal:p:' .. uid
      if redis.call('HGET', pkey, 'e:' .. sub) == epoch then redis.call('HINCRBY', pkey, 'u:' .. sub, 0 - amount) end
    else
      local ukey = ARGV[1] .. 'bal:u:' .. uid
      if redis.call('EXISTS', ukey) == 1 then redis.call('HINCRBY', ukey, 'q', amount) end
    end
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
  gwPlanSync(...args: (string | number)[]): Promise<number>;
  gwPlanAdjust(...args: (string | number)[]): Promise<number>;
};

const defined = singleton("relay.redis-scripts", () => new WeakSet<Redis>());

/** The command connection with the ledger scripts defined on it (EVALSHA, loaded on first use). */
export function scripted(): Scripted {
  const client = redis();
  if (!client) throw new Error("redis ledger used without REDIS_URL");
  if (!defined.has(client)) {
    client.defineCommand("gwReserve", { numberOfKeys: 4, lua: RESERVE });
    client.defineCommand("gwSettle", { numberOfKeys: 4, lua: SETTLE });
    client.defineCommand("gwRefund", { numberOfKeys: 4, lua: REFUND });
    client.defineCommand("gwLoad", { numberOfKeys: 3, lua: LOAD });
    client.defineCommand("gwPlanSync", { numberOfKeys: 1, lua: PLAN_SYNC });
    client.defineCommand("gwPlanAdjust", { numberOfKeys: 1, lua: PLAN_ADJUST });
    client.defineCommand("gwAdjust", { numberOfKeys: 2, lua: ADJUST });
    defined.add(client);
  }
  return client as Scripted;
}

export const userKey = (id: number) => `bal:u:${id}`;
/** A user's subscription plans: L (the list), u:/e:/n:<sub> (used, quota period, next reset). */
export const planKey = (userId: number) => `bal:p:${userId}`;
/** Scripts always get three keys; "bal:none" stands for "no token" (never written). */
export const tokenKey = (id: number | null) => (id === null ? "bal:none" : `bal:t:${id}`);
