// Rate limits and the quota-warning memo on a real redis-server. Two "instances" are two isolated
// copies of the modules with their own Redis connections and in-process state (the shared singleton
// registry is emptied before each copy is loaded), so anything that still counted per process
// would show up as a doubled limit here.
import type { RelayError } from "@/relay/kernel/errors";
import { resetEnvForTests } from "@/lib/env";
import { dropSingleton } from "@/lib/server/singleton";
import { startRedis, type TestRedis } from "@/test-support/redis-server";

type Instance = {
  protection: typeof import("@/relay/auth/protection");
  limits: typeof import("@/lib/server/http/rate-limit");
  warning: typeof import("@/relay/settle/quota-warning");
  client: typeof import("@/lib/server/redis/client");
};

const STATE_KEYS = [
  "redis.client",
  "redis.instance-id",
  "relay.rate-windows",
  "relay.quota-warning",
  "http.rate-limiters",
];

async function loadInstance(): Promise<Instance> {
  for (const key of STATE_KEYS) dropSingleton(key);
  let mods: Instance | undefined;
  await jest.isolateModulesAsync(async () => {
    mods = {
      protection: await import("@/relay/auth/protection"),
      limits: await import("@/lib/server/http/rate-limit"),
      warning: await import("@/relay/settle/quota-warning"),
      client: await import("@/lib/server/redis/client"),
    };
  });
  return mods!;
}

let server: TestRedis;
let killed = false; // a SIGKILLed server has nothing left to stop
let a: Instance;
let b: Instance;
const saved = { ...process.env };
let scopeSeq = 0;
const scope = () => `test:${Date.now()}:${++scopeSeq}`;

function useRedis(url: string | undefined): void {
  if (url) process.env.REDIS_URL = url;
  else delete process.env.REDIS_URL;
  resetEnvForTests();
}

beforeAll(async () => {
  server = await startRedis();
  Object.assign(process.env, {
    SESSION_SECRET: "s".repeat(32),
    CRYPTO_SECRET: "c".repeat(32),
    LOG_LEVEL: "silent",
    LOGIN_RATE_LIMIT: "5",
    LOGIN_RATE_LIMIT_WINDOW: "600",
    RELAY_AUTH_FAILURE_LIMIT: "4",
    RELAY_AUTH_FAILURE_WINDOW: "60",
  });
  useRedis(server.url);
  a = await loadInstance();
  b = await loadInstance();
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  for (const i of [a, b]) i?.client.redis()?.disconnect();
  if (!killed) await server?.stop();
  process.env = saved;
  resetEnvForTests();
});

test("the sliding window matches the in-process one exactly, edges included", async () => {
  const now = jest.spyOn(Date, "now");
  const limit = { windowMs: 1_000, total: 3, success: 0 };
  // Request times in ms; the entry at t expires exactly at t + window (as in memory).
  const times = [0, 1, 2, 999, 1000, 1000, 1001, 1001, 1002, 1999, 2000, 2001, 5000];
  const run = async (inst: Instance, key: string) => {
    const out: (string | null)[] = [];
    for (const t of times) {
      now.mockReturnValue(1_700_000_000_000 + t);
      out.push(await inst.protection.checkRateLimit(key, limit));
    }
    return out;
  };
  useRedis(undefined);
  const inMemory = await run(a, scope());
  useRedis(server.url);
  // Alternate instances: the window lives in Redis, not in either of them.
  const key = scope();
  const shared: (string | null)[] = [];
  for (const [i, t] of times.entries()) {
    now.mockReturnValue(1_700_000_000_000 + t);
    shared.push(await (i % 2 ? b : a).protection.checkRateLimit(key, limit));
  }
  // 2001: the entries left are 1002 and 2000 (1001 expired at 2001), so it passes.
  const expected = [null, null, null, "total", null, "total", null, "total", null, "total", null, null, null];
  expect(inMemory).toEqual(expected);
  expect(shared).toEqual(inMemory);
});

test("total and successful requests are counted apart; successes are recorded by any instance", async () => {
  const key = scope();
  const limit = { windowMs: 60_000, total: 0, success: 2 };
  expect(await a.protection.checkRateLimit(key, limit)).toBeNull();
  expect(await b.protection.checkRateLimit(key, limit)).toBeNull();
  expect(await a.protection.checkRateLimit(key, limit)).toBeNull(); // failures do not count
  await a.protection.recordSuccess(key, 60_000);
  expect(await b.protection.checkRateLimit(key, limit)).toBeNull();
  await b.protection.recordSuccess(key, 60_000);
  expect(await a.protection.checkRateLimit(key, limit)).toBe("success");
  expect(await b.protection.checkRateLimit(key, limit)).toBe("success");

  const both = scope();
  const limit2 = { windowMs: 60_000, total: 3, success: 1 };
  expect(await a.protection.checkRateLimit(both, limit2)).toBeNull();
  expect(await b.protection.checkRateLimit(both, limit2)).toBeNull();
  expect(await a.protection.checkRateLimit(both, limit2)).toBeNull();
  expect(await b.protection.checkRateLimit(both, limit2)).toBe("total");
  // A refused request is not counted: the total stays at 3.
  expect(await a.client.redis()!.zcard(`rl:{${both}}:all`)).toBe(3);
});

test("200 concurrent checks on two instances against a limit of 50: exactly 50 pass", async () => {
  const key = scope();
  const limit = { windowMs: 60_000, total: 50, success: 0 };
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).protection.checkRateLimit(key, limit)),
  );
  expect(results.filter((r) => r === null)).toHaveLength(50);
  expect(results.filter((r) => r === "total")).toHaveLength(150);
});

test("named limiters (login failures, top-up orders) hold across instances", async () => {
  const ip = `10.0.0.${scopeSeq++}`;
  for (let i = 0; i < 3; i++) expect(await a.limits.consume("login_failures", ip)).toBe(0);
  for (let i = 0; i < 2; i++) expect(await b.limits.consume("login_failures", ip)).toBe(0);
  expect(await a.limits.blockedFor("login_failures", ip)).toBeGreaterThan(0);
  expect(await b.limits.blockedFor("login_failures", ip)).toBeGreaterThan(0);
  expect(await b.limits.consume("login_failures", ip)).toBeGreaterThan(500); // LOGIN_RATE_LIMIT_WINDOW 600 s
  await a.limits.reset("login_failures", ip); // a successful login on A clears B's view too
  expect(await b.limits.blockedFor("login_failures", ip)).toBe(0);

  const spec = { points: 10, duration: 600 };
  const user = `u${Date.now()}`;
  const waits = await Promise.all(
    Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).limits.consumePoint("topup_orders", spec, user)),
  );
  expect(waits.filter((w) => w === 0)).toHaveLength(10);
});

test("relay key failures are counted per address across instances (issue 17 item 9)", async () => {
  const ip = `10.1.0.${scopeSeq++}`;
  for (let i = 0; i < 2; i++) expect(await a.limits.consume("relay_auth_failures", ip)).toBe(0);
  for (let i = 0; i < 2; i++) expect(await b.limits.consume("relay_auth_failures", ip)).toBe(0);
  // Four failures in all (RELAY_AUTH_FAILURE_LIMIT 4): both instances now refuse the address.
  expect(await a.limits.blockedFor("relay_auth_failures", ip)).toBeGreaterThan(0);
  expect(await b.limits.consume("relay_auth_failures", ip)).toBeGreaterThan(0);
  expect(await a.limits.blockedFor("relay_auth_failures", `${ip}9`)).toBe(0);
});

test("the quota warning is sent once per user across instances", async () => {
  const sent: string[] = [];
  a.warning.onQuotaWarning((w) => void sent.push(`a:${w.userId}`));
  b.warning.onQuotaWarning((w) => void sent.push(`b:${w.userId}`));
  const userId = 1_000_000 + scopeSeq++;
  await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).warning.maybeWarnQuota(userId, 10, 100)));
  expect(sent).toHaveLength(1);
  // Later calls on both instances stay quiet (local memo from the Redis TTL), above-threshold too.
  await a.warning.maybeWarnQuota(userId, 5, 100);
  await b.warning.maybeWarnQuota(userId, 5, 100);
  await b.warning.maybeWarnQuota(userId + 1, 500, 100);
  expect(sent).toHaveLength(1);
  const ttl = await a.client.redis()!.pttl(`quota-warn:${userId}`);
  expect(ttl).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
});

test("Redis down: limits refuse (503 / unavailable), nothing passes; they recover when Redis is back", async () => {
  const key = scope();
  const limit = { windowMs: 60_000, total: 100, success: 0 };
  expect(await a.protection.checkRateLimit(key, limit)).toBeNull();
  const port = server.port;
  server.kill();
  killed = true;
  // until both instances' connections have seen it go (no fixed wait)
  for (const deadline = Date.now() + 5_000; ; await new Promise((r) => setTimeout(r, 10))) {
    if ([a, b].every((i) => i.client.redis()!.status !== "ready")) break;
    if (Date.now() > deadline) throw new Error("the Redis connections never noticed the kill");
  }

  const zh = await a.protection.checkRateLimit(key, limit).catch((e: unknown) => e);
  // (each instance has its own copy of the RelayError class: compare by name)
  expect(zh).toMatchObject({ name: "RelayError", status: 503, code: "rate_limit_unavailable" });
  expect((zh as RelayError).message).toBe("限流服务不可用（Redis 无法连接），请稍后再试");
  const en = await b.protection
    .checkRateLimit(key, limit, { "accept-language": "en-US,en;q=0.9" })
    .catch((e: unknown) => e);
  expect((en as RelayError).message).toBe("Rate limiting is unavailable (cannot reach Redis); try again later");
  // Unlimited scopes never ask Redis.
  expect(await a.protection.checkRateLimit(key, { windowMs: 60_000, total: 0, success: 0 })).toBeNull();
  // Recording a success after the response never throws.
  await expect(a.protection.recordSuccess(key, 60_000)).resolves.toBeUndefined();

  for (const call of [
    () => a.limits.consume("login_failures", "10.9.9.9"),
    () => b.limits.blockedFor("login_failures", "10.9.9.9"),
    () => a.limits.consumePoint("topup_orders", { points: 10, duration: 600 }, "1"),
  ]) {
    const err = await call().catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "AppError", code: "unavailable", key: "rate_limit_unavailable", status: 503 });
  }
  await expect(a.limits.reset("login_failures", "10.9.9.9")).resolves.toBeUndefined();

  const sent: number[] = [];
  a.warning.onQuotaWarning((w) => void sent.push(w.userId));
  await a.warning.maybeWarnQuota(2_000_000, 1, 100);
  expect(sent).toEqual([]); // skipped, never sent unguarded

  server = await startRedis(port);
  killed = false;
  let back: unknown = null;
  for (let i = 0; i < 50; i++) {
    back = await a.protection.checkRateLimit(key, limit).catch((e: unknown) => e);
    if (back === null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(back).toBeNull();
  expect(await b.protection.checkRateLimit(key, limit)).toBeNull();
  expect(await b.limits.consume("login_failures", "10.9.9.9")).toBe(0);
});
