// Subscription plans in the shared (Redis) ledger: the Lua walk never takes more than a plan holds
// under any concurrency; settlements and refunds move only the plan that reserved, within its quota
// period; a dead instance's plan reservation goes back to the plan; writes to the user's
// subscriptions (a new one, a reset) reach the plans Redis holds; a late charge of an ended period
// never lands in the next one, in Redis or in the database.
import { createUser } from "@/test-support/api/harness";
import { setupRedisAndDatabase } from "./in-process";
import { db } from "@/lib/server/db";
import { redis } from "@/lib/server/redis/client";
import { refund, reserve, settle } from "@/lib/server/ledger/ledger";
import { sweepDeadInstances } from "@/lib/server/ledger/redis-upkeep";
import { flushBookkeeping, writeAfterFlush } from "@/lib/server/ledger/bookkeeping";

setupRedisAndDatabase();

const now = () => Math.floor(Date.now() / 1000);

async function subscribe(userId: number, total: number, fields: Record<string, unknown> = {}) {
  const plan = await db().subscriptionPlan.create({ data: { title: `plan-${userId}-${total}` } });
  return db().userSubscription.create({
    data: {
      userId,
      planId: plan.id,
      amountTotal: BigInt(total),
      startTime: BigInt(now()),
      endTime: BigInt(now() + 86_400),
      allowWalletOverflow: false,
      ...fields,
    },
  });
}

const planUsed = async (userId: number, sub: number) => Number(await redis()!.hget(`bal:p:${userId}`, `u:${sub}`));
const dbUsed = async (sub: number) => {
  await flushBookkeeping();
  return Number((await db().userSubscription.findUniqueOrThrow({ where: { id: sub } })).amountUsed);
};

test("300 concurrent reservations on a plan worth 50 of them: exactly 50 pass; the wallet is untouched", async () => {
  const user = await createUser({ quota: 0 });
  const sub = await subscribe(user.id, 500);
  const results = await Promise.all(Array.from({ length: 300 }, () => reserve(user.id, null, 10)));
  const passed = results.filter((r) => r.ok);
  expect(passed).toHaveLength(50);
  expect(results.find((r) => !r.ok)).toMatchObject({ reason: "subscription_insufficient" });
  expect(await planUsed(user.id, sub.id)).toBe(500);
  for (const r of passed) if (r.ok) await settle(r.reservation, 8, 1);
  expect(await planUsed(user.id, sub.id)).toBe(400);
  expect(await dbUsed(sub.id)).toBe(400);
  const u = await db().user.findUniqueOrThrow({ where: { id: user.id } });
  expect({ quota: Number(u.quota), used: Number(u.usedQuota) }).toEqual({ quota: 0, used: 400 });
});

test("a refund and a dead instance's reservation go back to the plan", async () => {
  const user = await createUser({ quota: 0 });
  const sub = await subscribe(user.id, 1000);
  const r = await reserve(user.id, null, 300);
  if (!r.ok) throw new Error(r.reason);
  await refund(r.reservation);
  expect(await planUsed(user.id, sub.id)).toBe(0);
  const c = redis()!;
  await c.hincrby(`bal:p:${user.id}`, `u:${sub.id}`, 250);
  await c.hset("resv:dead-plan-instance", "1", `${user.id}:-:250:${sub.id}:0`);
  await c.sadd("instances", "dead-plan-instance");
  expect(await sweepDeadInstances()).toBe(1);
  expect(await planUsed(user.id, sub.id)).toBe(0);
});

test("a new subscription and a reset reach the plans Redis holds; the old period's late charge lands nowhere", async () => {
  const user = await createUser({ quota: 0 });
  expect(await reserve(user.id, null, 100, 100, "subscription_only")).toMatchObject({
    ok: false,
    reason: "subscription_insufficient",
  });
  const sub = await writeAfterFlush(() => subscribe(user.id, 1000), { userIds: [user.id] });
  const early = await reserve(user.id, null, 600);
  if (!early.ok) throw new Error(early.reason);
  expect(early.reservation.plan).toMatchObject({ sub: sub.id, epoch: 0 });
  // The admin resets the plan's quota while the call is in flight: a new period.
  await writeAfterFlush(
    () =>
      db().userSubscription.update({
        where: { id: sub.id },
        data: { amountUsed: 0n, quotaEpoch: { increment: 1 } },
      }),
    { userIds: [user.id] },
  );
  expect(await planUsed(user.id, sub.id)).toBe(0);
  await settle(early.reservation, 700, 1);
  expect(await planUsed(user.id, sub.id)).toBe(0);
  expect(await dbUsed(sub.id)).toBe(0);
  const late = await reserve(user.id, null, 1000);
  expect(late.ok && late.reservation.plan).toMatchObject({ sub: sub.id, epoch: 1, usedAfter: 1000 });
});

test("a period found ended is reset before the plan pays, once", async () => {
  const user = await createUser({ quota: 0 });
  const sub = await subscribe(user.id, 100, {
    amountUsed: 100n,
    lastResetTime: BigInt(now() - 120),
    nextResetTime: BigInt(now() - 60),
  });
  await db().subscriptionPlan.update({
    where: { id: sub.planId },
    data: { quotaResetPeriod: "custom", quotaResetCustomSeconds: 3600n },
  });
  const results = await Promise.all(Array.from({ length: 20 }, () => reserve(user.id, null, 100)));
  expect(results.filter((r) => r.ok)).toHaveLength(1);
  const row = await db().userSubscription.findUniqueOrThrow({ where: { id: sub.id } });
  expect(row.quotaEpoch).toBe(1);
  expect(Number(row.nextResetTime)).toBeGreaterThan(now());
  expect(Number(row.amountUsed)).toBe(0); // the reservation is in Redis until it settles
});

test("a task's refund to its subscription moves the used quota Redis holds by as much, in that period only", async () => {
  const user = await createUser({ quota: 0 });
  const sub = await subscribe(user.id, 1000);
  const r = await reserve(user.id, null, 400);
  if (!r.ok) throw new Error(r.reason);
  await settle(r.reservation, 400, 1);
  await flushBookkeeping();
  const refundTask = (epoch: number) =>
    writeAfterFlush(
      () =>
        db().userSubscription.updateMany({
          where: { id: sub.id, quotaEpoch: epoch },
          data: { amountUsed: { decrement: 150n } },
        }),
      { userIds: [user.id] },
    );
  await refundTask(0);
  expect(await planUsed(user.id, sub.id)).toBe(250);
  expect(await dbUsed(sub.id)).toBe(250);
  await refundTask(7); // a period that is not the subscription's: nothing moves
  expect(await planUsed(user.id, sub.id)).toBe(250);
});
