// Two gateway instances (production build) on one PostgreSQL database and one Redis: the per-user
// model request limit (ModelRequestRateLimitCount N per minute) holds for both together, and with
// Redis gone the relay refuses with 503 and a clear message while the console keeps answering.
// Needs TEST_DATABASE_URL=postgres://… (the instances share a fresh database made here).
import pg from "pg";
import { startGateway, type Gateway } from "@/__tests__/relay/gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { startRedis, type TestRedis } from "@/test-support/redis-server";
import { createPostgresFromTemplate } from "@/test-support/db-template";

const N = 10;
const MODEL = "rl-two";
let redis: TestRedis;
let redisKilled = false;
let up: MockUpstream;
let gwA: Gateway;
let gwB: Gateway;
let dbName = "";
let tokenKey = "";

function pgBase(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new Error("two-instance tests need TEST_DATABASE_URL=postgres://… (several instances share one database)");
  return url;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgBase() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Starts one instance on the shared database and Redis (same secrets everywhere). */
function instance(databaseUrl: string): Promise<Gateway> {
  return startGateway({
    databaseUrl,
    env: {
      REDIS_URL: redis.url,
      SESSION_SECRET: "two-instances-session-secret-0123456789",
      CRYPTO_SECRET: "two-instances-crypto-secret-0123456789",
    },
  });
}

function chat(gw: Gateway, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${tokenKey}`, ...headers },
    body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "hi" }] }),
  });
}

beforeAll(async () => {
  dbName = `limits_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await createPostgresFromTemplate(pgBase(), dbName); // migrated once per run (db-template.ts)
  const u = new URL(pgBase());
  u.pathname = `/${dbName}`;
  redis = await startRedis();
  up = await startMockUpstream();
  gwA = await instance(u.toString());
  // Everything is configured before B starts, so B reads it from the database (option/channel
  // cache invalidation across instances is not what this file tests).
  for (const [key, value] of [
    ["ModelRatio", JSON.stringify({ [MODEL]: 1 })],
    ["ModelRequestRateLimitCount", String(N)],
    ["ModelRequestRateLimitSuccessCount", "1000"],
    ["ModelRequestRateLimitDurationMinutes", "1"],
    ["ModelRequestRateLimitEnabled", "true"],
  ]) {
    const r = await gwA.api("PUT", "/api/option/", { key, value });
    if (!r.json.success) throw new Error(`${key}: ${r.json.message}`);
  }
  await gwA.createChannel({ name: "up", key: "sk-up", base_url: up.url, models: MODEL });
  // Unlimited token of root (ample quota): the per-instance quota ledger plays no part here.
  tokenKey = (await gwA.createToken({ name: "two" })).key;
  gwB = await instance(u.toString());
}, 300_000);

afterAll(async () => {
  await gwA?.stop();
  await gwB?.stop();
  await up?.close();
  if (!redisKilled) await redis?.stop();
  if (dbName) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
}, 60_000);

test(`ModelRequestRateLimitCount ${N}/min holds across both instances: of ${3 * N} requests exactly ${N} pass`, async () => {
  const answers = await Promise.all(Array.from({ length: 3 * N }, (_, i) => chat(i % 2 ? gwB : gwA)));
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(N);
  expect(statuses.filter((s) => s === 429)).toHaveLength(2 * N);
  const refused = answers.find((r) => r.status === 429)!;
  const body = (await refused.json()) as { error: { message: string; code: string } };
  expect(body.error.code).toBe("rate_limit_exceeded");
  expect(body.error.message).toContain(`at most ${N} requests (including failures) in 1 minutes`);
  expect(up.requests.filter((r) => r.body.model === MODEL)).toHaveLength(N);
}, 60_000);

test("Redis down: relays answer 503 with a clear message on both instances, the console still answers", async () => {
  const port = redis.port;
  redis.kill();
  redisKilled = true;
  const upstreamBefore = up.requests.length;
  for (const gw of [gwA, gwB]) {
    const zh = await chat(gw);
    expect(zh.status).toBe(503);
    const zhBody = (await zh.json()) as { error: { message: string; code: string; type: string } };
    expect(zhBody.error.code).toBe("rate_limit_unavailable");
    expect(zhBody.error.message).toContain("限流服务不可用（Redis 无法连接），请稍后再试");
    const en = await chat(gw, { "accept-language": "en" });
    expect(en.status).toBe(503);
    const enBody = (await en.json()) as { error: { message: string } };
    expect(enBody.error.message).toContain("Rate limiting is unavailable (cannot reach Redis); try again later");
    const status = await fetch(`${gw.url}/api/status`);
    expect(status.status).toBe(200);
    expect(((await status.json()) as { success: boolean }).success).toBe(true);
  }
  expect(up.requests.length).toBe(upstreamBefore); // nothing was relayed unlimited
  // Console routes guarded by a limiter (login: critical + failed-login counters) refuse too.
  const login = await fetch(`${gwB.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "en" },
    body: JSON.stringify({ username: "root", password: "wrong-password" }),
  });
  expect(login.status).toBe(503);
  expect(((await login.json()) as { message: string }).message).toBe(
    "Rate limiting is unavailable (cannot reach Redis); try again later",
  );

  // Redis back on the same port (empty): both instances serve again without a restart.
  redis = await startRedis(port);
  redisKilled = false;
  for (const gw of [gwA, gwB]) {
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await chat(gw)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  }
}, 60_000);
