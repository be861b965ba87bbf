// Several gateway instances (production build) on ONE fresh PostgreSQL database and ONE Redis, as
// operators run them behind a load balancer. Needs TEST_DATABASE_URL=postgres://… (test.sh sets it
// for the redis project) and redis-server (or REDIS_TEST_URL).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startGateway, type Gateway } from "@/__tests__/relay/gateway";
import { startRedis, type TestRedis } from "@/test-support/redis-server";
import { createPostgresFromTemplate } from "../../test-support/db-template";

export type Instances = {
  gateways: Gateway[];
  redis: TestRedis;
  databaseUrl: string;
  /** Stops every gateway still running, Redis, and drops the database. */
  stop: () => Promise<void>;
};

function postgresBase(): string {
  const base = process.env.TEST_DATABASE_URL ?? "";
  if (!/^postgres(ql)?:\/\//.test(base))
    throw new Error("multi-instance tests need TEST_DATABASE_URL=postgres://… (several instances share one database)");
  return base;
}

async function admin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Starts `count` instances one after another (the first one runs setup; the others find it done).
 * `env` applies to all; `perInstance(i)` adds per-instance variables (e.g. NODE_NAME).
 */
export async function startInstances(
  count: number,
  env: Record<string, string> = {},
  perInstance: (i: number) => Record<string, string> = () => ({}),
): Promise<Instances> {
  const base = postgresBase();
  const name = `cluster_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await createPostgresFromTemplate(base, name); // migrated once per run (db-template.ts)
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const redis = await startRedis();
  const shared = {
    REDIS_URL: redis.url,
    SESSION_SECRET: "cluster-test-session-secret-0123456789",
    CRYPTO_SECRET: "cluster-test-crypto-secret-0123456789",
    ...env,
  };
  const gateways: Gateway[] = [];
  const stopped = new Set<Gateway>();
  try {
    for (let i = 0; i < count; i++)
      gateways.push(await startGateway({ databaseUrl, env: { ...shared, ...perInstance(i) } }));
  } catch (err) {
    await Promise.allSettled(gateways.map((g) => g.stop()));
    await redis.stop();
    await admin(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    throw err;
  }
  for (const g of gateways) {
    const stop = g.stop;
    g.stop = async (keepData) => {
      if (stopped.has(g)) return;
      stopped.add(g);
      await stop(keepData);
    };
  }
  return {
    gateways,
    redis,
    databaseUrl,
    stop: async () => {
      await Promise.allSettled(gateways.map((g) => g.stop()));
      await redis.stop();
      await admin(base, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
