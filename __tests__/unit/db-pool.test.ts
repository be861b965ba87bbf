import type { Env } from "@/lib/env";
import { postgresPoolSize } from "@/lib/server/db-pool";

const withEnv = (fields: Partial<Env>) => ({ WORKERS: 1, DATABASE_POOL_MAX: 0, ...fields }) as Env;

test("the instance's 20 PostgreSQL connections are shared among its workers, at least 2 each", () => {
  expect(postgresPoolSize(withEnv({ WORKERS: 1 }))).toBe(20);
  expect(postgresPoolSize(withEnv({ WORKERS: 2 }))).toBe(10);
  expect(postgresPoolSize(withEnv({ WORKERS: 3 }))).toBe(7);
  expect(postgresPoolSize(withEnv({ WORKERS: 8 }))).toBe(3);
  expect(postgresPoolSize(withEnv({ WORKERS: 64 }))).toBe(2);
  // WORKERS=0 never reaches a process (scripts/serve.mjs resolves it), but means one process here.
  expect(postgresPoolSize(withEnv({ WORKERS: 0 }))).toBe(20);
});

test("DATABASE_POOL_MAX sets the pool of every process", () => {
  expect(postgresPoolSize(withEnv({ WORKERS: 8, DATABASE_POOL_MAX: 15 }))).toBe(15);
});
