// In-process tests of Redis-backed modules: a throwaway redis-server (REDIS_URL) and a migrated test
// database (the api harness), set up before the file's tests and torn down after, shutdown hooks
// (timers, retries, connections) included. Read `redisServer()` inside tests.
import { startRedis, type TestRedis } from "@/test-support/redis-server";
import { setupApiHarness } from "@/test-support/api/harness";
import { runShutdownHooks } from "@/lib/server/lifecycle";

export function setupRedisAndDatabase(): { server: () => TestRedis; restart: () => Promise<TestRedis> } {
  let server: TestRedis | undefined;
  beforeAll(async () => {
    server = await startRedis();
    process.env.REDIS_URL = server.url;
  }, 30_000);
  setupApiHarness();
  afterAll(async () => {
    await runShutdownHooks().catch(() => undefined);
    await server?.stop();
  }, 30_000);
  return {
    server: () => server!,
    /** A new empty redis-server on the same port (after the test killed the old one). */
    restart: async () => (server = await startRedis(server!.port)),
  };
}
