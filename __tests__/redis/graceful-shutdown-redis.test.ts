// Graceful shutdown of an instance of a cluster (REDIS_URL, PostgreSQL): SIGTERM mid-stream, the
// stream finishes with [DONE], the process exits 0, and everything the request owes is in PostgreSQL
// afterwards — the consume log and both balances — although the balances were hot in Redis. The
// "flush" shutdown hooks (bookkeeping, ledger upkeep) run while Redis is still connected; Redis
// closes after them (lib/server/lifecycle.ts). A second instance started afterwards sees the same
// balance. Needs TEST_DATABASE_URL=postgres://… (a fresh database per gateway).
import { startGateway, type Gateway } from "@/__tests__/relay/gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import {
  PRICE_QUOTA,
  prepareDrain,
  readUntil,
  slowStreamInFlight,
  waitForDraining,
} from "@/__tests__/relay/drain-support";
import { startRedis, type TestRedis } from "@/test-support/redis-server";

let redis: TestRedis;
let up: MockUpstream;
const env = () => ({
  REDIS_URL: redis.url,
  SESSION_SECRET: "drain-redis-session-secret-0123456789",
  CRYPTO_SECRET: "drain-redis-crypto-secret-0123456789",
  SHUTDOWN_TIMEOUT: "30", // the production default: the 5 s stream drains to its end
});

beforeAll(async () => {
  if (!/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? ""))
    throw new Error("this test needs TEST_DATABASE_URL=postgres://… (instances of a cluster share PostgreSQL)");
  redis = await startRedis();
  up = await startMockUpstream();
});

afterAll(async () => {
  await up?.close();
  await redis?.stop();
});

test("SIGTERM mid-stream with the Redis ledger: [DONE], exit 0, log and balances in PostgreSQL", async () => {
  const gw: Gateway = await startGateway({ env: env() });
  let next: Gateway | null = null;
  try {
    const t = await prepareDrain(gw, up);
    const { reader, first } = await slowStreamInFlight(gw, t.key);

    gw.signal("SIGTERM");
    expect(await (await waitForDraining(gw)).json()).toEqual({ status: "draining" });
    const rest = await readUntil(reader, null, first.text);
    expect(rest.ended).toBe("done");
    expect(rest.text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    expect(await gw.exited).toBe(0);

    const logs = await gw.sql<{ quota: number }>("select quota from logs where tokenId = ? and type = 2", t.id);
    expect(logs.map((l) => l.quota)).toEqual([PRICE_QUOTA]);
    const [token] = await gw.sql<{ remainQuota: number; usedQuota: number }>(
      "select remainQuota, usedQuota from tokens where id = ?",
      t.id,
    );
    expect(token).toEqual({ remainQuota: PRICE_QUOTA * 4, usedQuota: PRICE_QUOTA });

    // The next instance on the same database and Redis sees the same token balance.
    next = await startGateway({ env: env(), dataDir: gw.dataDir });
    const tokens = await next.api<{ items: { id: number; remain_quota: number; used_quota: number }[] }>(
      "GET",
      "/api/token/",
    );
    expect(tokens.json.data.items.find((i) => i.id === t.id)).toMatchObject({
      remain_quota: PRICE_QUOTA * 4,
      used_quota: PRICE_QUOTA,
    });
  } finally {
    await next?.stop(true);
    await gw.stop();
  }
}, 180_000);
