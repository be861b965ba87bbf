// The Redis quota ledger against a real redis-server and a real database: atomic reservations under
// concurrency, settlement at the whole cost (beyond the balance: a debt), refunds, outside writes moved into Redis exactly, the
// reservations of a dead instance given back, and fail-closed behaviour while Redis is down.
import { createUser } from "@/test-support/api/harness";
import { setupRedisAndDatabase } from "./in-process";
import { db } from "@/lib/server/db";
import { redis } from "@/lib/server/redis/client";
import { refund, reserve, settle } from "@/lib/server/ledger/ledger";
import { redisBalances } from "@/lib/server/ledger/redis-ledger";
import { pendingRetries, sweepDeadInstances } from "@/lib/server/ledger/redis-upkeep";
import { flushBookkeeping, writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { RedisUnavailableError } from "@/lib/server/redis/client";

const redisServer = setupRedisAndDatabase();

async function account(quota: number, remain: number, unlimited = false) {
  const user = await createUser({ quota });
  const token = await db().token.create({
    data: {
      userId: user.id,
      keyHash: `h-${user.id}-${Math.random()}`,
      keyCipher: "",
      name: "t",
      remainQuota: BigInt(remain),
      unlimitedQuota: unlimited,
    },
  });
  return { userId: user.id, tokenId: token.id };
}

async function dbBalances(userId: number, tokenId: number) {
  await flushBookkeeping();
  const u = await db().user.findUniqueOrThrow({ where: { id: userId } });
  const t = await db().token.findUniqueOrThrow({ where: { id: tokenId } });
  return {
    userQuota: Number(u.quota),
    userUsed: Number(u.usedQuota),
    tokenRemain: Number(t.remainQuota),
    tokenUsed: Number(t.usedQuota),
  };
}

test("300 concurrent reservations against a token worth 50 of them: exactly 50 pass, nothing overdrawn", async () => {
  const { userId, tokenId } = await account(100_000, 500);
  const results = await Promise.all(Array.from({ length: 300 }, () => reserve(userId, tokenId, 10)));
  const ok = results.filter((r) => r.ok);
  expect(ok).toHaveLength(50);
  expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "token_exhausted")).toBe(true);
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: 100_000 - 500, tokenRemain: 0 });

  // Settle half at a lower cost, refund the rest: Redis and the database agree afterwards.
  let charged = 0;
  for (const [i, r] of ok.entries()) {
    if (!r.ok) continue;
    if (i % 2 === 0) charged += (await settle(r.reservation, 4, 1)).charged;
    else await refund(r.reservation);
  }
  expect(charged).toBe(25 * 4);
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: 100_000 - 100, tokenRemain: 400 });
  expect(await dbBalances(userId, tokenId)).toEqual({
    userQuota: 100_000 - 100,
    userUsed: 100,
    tokenRemain: 400,
    tokenUsed: 100,
  });
});

test("a settlement above the balance is charged in full: the balances go negative (a debt)", async () => {
  const { userId, tokenId } = await account(1_000, 300);
  const a = await reserve(userId, tokenId, 100);
  const b = await reserve(userId, tokenId, 100);
  if (!a.ok || !b.ok) throw new Error("reserve failed");
  expect((await settle(a.reservation, 40, 1)).charged).toBe(40);
  // b costs 500: 100 reserved, 160 left on the token, so the token owes 240.
  const s = await settle(b.reservation, 500, 1);
  expect(s.charged).toBe(500);
  expect(s.userQuota).toBe(460);
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: 460, tokenRemain: -240 });
  expect(await dbBalances(userId, tokenId)).toMatchObject({ userQuota: 460, tokenRemain: -240, tokenUsed: 540 });
  expect(await reserve(userId, tokenId, 1)).toMatchObject({ ok: false, reason: "token_exhausted" });
  await expect(settle(a.reservation, 1, 1)).rejects.toThrow(/twice/);
});

test("an unlimited token is bounded by its user; a playground call bills the user only", async () => {
  const { userId, tokenId } = await account(1_000, 0, true);
  expect((await reserve(userId, tokenId, 600)).ok).toBe(true);
  expect(await reserve(userId, tokenId, 600)).toMatchObject({ ok: false, reason: "user_insufficient" });
  const p = await reserve(userId, null, 300);
  if (!p.ok) throw new Error("reserve failed");
  expect((await settle(p.reservation, 300, 1)).charged).toBe(300);
  expect(await reserve(userId, null, 101)).toMatchObject({ ok: false, reason: "user_insufficient" });
});

test("a reservation with a minimum takes what the balances hold (output capped to it), never less", async () => {
  const { userId, tokenId } = await account(10_000, 700);
  const a = await reserve(userId, tokenId, 5_000, 100);
  expect(a).toMatchObject({ ok: true, reservation: { amount: 700 } });
  expect(await reserve(userId, tokenId, 5_000, 1)).toMatchObject({ ok: false, reason: "token_exhausted" });
  if (!a.ok) throw new Error("reserve failed");
  expect((await settle(a.reservation, 650, 1)).charged).toBe(650);
  expect(await reserve(userId, tokenId, 5_000, 100)).toMatchObject({ ok: false, reason: "token_insufficient" });
  expect(await redisBalances(userId, tokenId)).toMatchObject({ tokenRemain: 50 });
});

test("outside writes (a top-up, an admin edit) move the shared balance by exactly what they changed", async () => {
  const { userId, tokenId } = await account(1_000, 1_000);
  const held = await reserve(userId, tokenId, 300); // outstanding while the writes happen
  if (!held.ok) throw new Error("reserve failed");
  const s = await reserve(userId, tokenId, 100);
  if (!s.ok) throw new Error("reserve failed");
  await settle(s.reservation, 100, 1); // a charge still waiting for the bookkeeping flush
  await writeAfterFlush(() => db().user.update({ where: { id: userId }, data: { quota: { increment: 5_000 } } }), {
    userIds: [userId],
  });
  await writeAfterFlush(() => db().token.update({ where: { id: tokenId }, data: { remainQuota: 2_000 } }), {
    tokenIds: [tokenId],
  });
  // Redis = database − outstanding reservations
  const d = await dbBalances(userId, tokenId);
  expect(d).toMatchObject({ userQuota: 1_000 - 100 + 5_000, tokenRemain: 2_000 });
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: d.userQuota - 300, tokenRemain: 2_000 - 300 });
  await refund(held.reservation);
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: d.userQuota, tokenRemain: 2_000 });
});

test("the reservations of an instance whose heartbeat stopped are given back by the sweep", async () => {
  const { userId, tokenId } = await account(1_000, 1_000);
  const r = await reserve(userId, tokenId, 1); // loads the balances
  if (!r.ok) throw new Error("reserve failed");
  await settle(r.reservation, 1, 1);
  const c = redis()!;
  // Another instance reserved 250 and died (its heartbeat key is gone, its reservation hash is not).
  await c.hincrby(`bal:u:${userId}`, "q", -250);
  await c.hincrby(`bal:t:${tokenId}`, "r", -250);
  await c.hset("resv:dead-instance", "1", `${userId}:${tokenId}:250`);
  await c.sadd("instances", "dead-instance");
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: 749, tokenRemain: 749 });
  expect(await sweepDeadInstances()).toBe(1);
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: 999, tokenRemain: 999 });
  expect(await c.exists("resv:dead-instance")).toBe(0);
  expect(await sweepDeadInstances()).toBe(0);
});

test("Redis down: reservations are refused (fail closed); a settlement waits and lands when it is back", async () => {
  const { userId, tokenId } = await account(1_000, 1_000);
  const r = await reserve(userId, tokenId, 100);
  if (!r.ok) throw new Error("reserve failed");
  redisServer.server().kill();
  await new Promise((res) => setTimeout(res, 200));
  const started = Date.now();
  await expect(reserve(userId, tokenId, 10)).rejects.toBeInstanceOf(RedisUnavailableError);
  expect(Date.now() - started).toBeLessThan(5_000);
  const s = await settle(r.reservation, 60, 1); // billed in the database, Redis told later
  expect(s.charged).toBe(60);
  expect(pendingRetries()).toEqual([expect.objectContaining({ command: "gwSettle" })]);
  expect(await dbBalances(userId, tokenId)).toMatchObject({ userQuota: 940, tokenRemain: 940 });

  await redisServer.restart(); // empty: balances reload from the database
  for (let i = 0; i < 50 && pendingRetries().length > 0; i++) await new Promise((res) => setTimeout(res, 200));
  expect(pendingRetries()).toEqual([]);
  const again = await reserve(userId, tokenId, 10);
  expect(again.ok).toBe(true);
  expect(await redisBalances(userId, tokenId)).toEqual({ userQuota: 930, tokenRemain: 930 });
}, 30_000);
