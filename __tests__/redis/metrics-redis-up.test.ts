// gateway_redis_up follows the instance's Redis command connection: 1 while a real redis-server
// answers, 0 while it is gone, 1 again after it restarts (read through the Prometheus text format,
// as a scraper would). Always its own redis-server (never REDIS_TEST_URL): the test stops it.
import { resetEnvForTests } from "@/lib/env";
import { createMetrics } from "@/lib/server/metrics/registry";
import { redis } from "@/lib/server/redis/client";
import { dropSingleton } from "@/lib/server/singleton";
import { startRedis, type TestRedis } from "@/test-support/redis-server";
import { parsePrometheus, sumOf } from "@/test-support/prom-text";
import { freePort } from "@/test-support/free-port";

let server: TestRedis;
const saved = { ...process.env };

beforeAll(async () => {
  server = await startRedis(await freePort());
  process.env = {
    ...saved,
    REDIS_URL: server.url,
    SESSION_SECRET: "s".repeat(32),
    CRYPTO_SECRET: "c".repeat(32),
  };
  resetEnvForTests();
});

afterAll(async () => {
  redis()?.disconnect();
  dropSingleton("redis.client");
  await server?.stop();
  process.env = saved;
  resetEnvForTests();
});

async function redisUp(m: ReturnType<typeof createMetrics>): Promise<number> {
  return sumOf(parsePrometheus(await m.registry.metrics()), "gateway_redis_up");
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("condition not met within 10 s");
}

test("gateway_redis_up is 1 while Redis answers, 0 while it is gone, 1 again once it is back", async () => {
  const m = createMetrics({ redis: true, defaults: false });
  expect(await m.registry.metrics()).toContain("# TYPE gateway_redis_up gauge");
  await eventually(async () => (await redisUp(m)) === 1);
  expect(await redis()!.ping()).toBe("PONG");
  await server.stop();
  await eventually(async () => (await redisUp(m)) === 0);
  server = await startRedis(server.port);
  await eventually(async () => (await redisUp(m)) === 1);
});

test("without REDIS_URL there is no Redis gauge", async () => {
  const m = createMetrics({ redis: false, defaults: false });
  expect(await m.registry.metrics()).not.toContain("gateway_redis_up");
});
