// With Redis the hourly usage buckets of all instances add up in Redis and one flush writes them to
// quota_data: exact sums, no double counting across flushes, nothing lost when a write fails.
import { setupRedisAndDatabase } from "./in-process";
import { db } from "@/lib/server/db";
import { readyRedis } from "@/lib/server/redis/when-ready";
import { queueUsage } from "@/lib/server/ledger/bookkeeping";
import { flushSharedUsage, flushSharedUsageIfDue } from "@/lib/server/ledger/usage-redis";

setupRedisAndDatabase();

const key = (model: string) => ({
  userId: 7,
  username: "alice|x", // separators inside names must not break the bucket key
  modelName: model,
  hour: 1_800_000_000 - (1_800_000_000 % 3600),
  group: "default",
  tokenId: 3,
  channelId: 2,
});

async function counted(): Promise<number> {
  const c = await readyRedis();
  for (let i = 0; i < 50; i++) {
    if ((await c.exists("usage:c")) === 1) return 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  return 0;
}

async function rows() {
  return (await db().quotaData.findMany({ orderBy: { modelName: "asc" } })).map((r) => ({
    model: r.modelName,
    username: r.username,
    count: r.count,
    quota: Number(r.quota),
    tokens: Number(r.tokenUsed),
  }));
}

test("buckets from any instance add up in Redis and one flush writes them exactly once", async () => {
  for (let i = 0; i < 10; i++) queueUsage(key("gpt-a"), 100, 30);
  for (let i = 0; i < 3; i++) queueUsage(key("gpt-b"), 7, 1);
  expect(await counted()).toBe(1);
  await new Promise((r) => setTimeout(r, 100)); // the last increments of the batch
  expect(await flushSharedUsage()).toBe(2);
  expect(await rows()).toEqual([
    { model: "gpt-a", username: "alice|x", count: 10, quota: 1000, tokens: 300 },
    { model: "gpt-b", username: "alice|x", count: 3, quota: 21, tokens: 3 },
  ]);
  expect(await flushSharedUsage()).toBe(0); // nothing new: nothing written twice
  queueUsage(key("gpt-a"), 1, 1);
  expect(await counted()).toBe(1);
  expect(await flushSharedUsage()).toBe(1);
  expect((await rows())[0]).toMatchObject({ count: 11, quota: 1001, tokens: 301 });
});

test("a failed write keeps the taken buckets; the next flush writes them before newer ones", async () => {
  await db().quotaData.deleteMany();
  queueUsage(key("gpt-c"), 50, 5);
  expect(await counted()).toBe(1);
  const spy = jest.spyOn(db(), "$transaction").mockRejectedValueOnce(new Error("database down"));
  await expect(flushSharedUsage()).rejects.toThrow("database down");
  spy.mockRestore();
  queueUsage(key("gpt-c"), 50, 5); // counted while the failed batch waits
  expect(await counted()).toBe(1);
  expect(await flushSharedUsage()).toBe(1); // the leftover batch
  expect(await flushSharedUsage()).toBe(1); // then the newer one
  expect(await rows()).toEqual([{ model: "gpt-c", username: "alice|x", count: 2, quota: 100, tokens: 10 }]);
});

test("the cluster job writes only once DataExportInterval has passed since the last write", async () => {
  await db().quotaData.deleteMany();
  await (await readyRedis()).set("usage:last", String(Date.now()));
  queueUsage(key("gpt-d"), 9, 9);
  expect(await counted()).toBe(1);
  await flushSharedUsageIfDue();
  expect(await rows()).toEqual([]);
  await (await readyRedis()).set("usage:last", String(Date.now() - 6 * 60_000)); // default interval: 5 minutes
  await flushSharedUsageIfDue();
  expect(await rows()).toEqual([{ model: "gpt-d", username: "alice|x", count: 1, quota: 9, tokens: 9 }]);
});
