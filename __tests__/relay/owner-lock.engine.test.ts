// One owner of the balances per database without Redis (server/instance-lock.ts): a second
// gateway on the same database (SQLite file, or PostgreSQL database) refuses to start, with one
// process and with workers, instead of keeping balances of its own that let tokens spend twice.
import { freePort, startGateway, type Gateway } from "./gateway";
import { serveUntilExit } from "./serve-until-exit";

test("a second gateway on the same database refuses to start; after a kill -9 of the first, it starts", async () => {
  const first = await startGateway();
  let again: Gateway | null = null;
  try {
    const same = { dataDir: first.dataDir, databaseUrl: first.databaseUrl };
    const [single, workers] = await Promise.all([
      serveUntilExit({ port: await freePort(), workers: 1, ...same }),
      serveUntilExit({ port: await freePort(), workers: 2, ...same }),
    ]);
    for (const run of [single, workers]) {
      expect(run.code).toBe(1);
      expect(run.out).toContain("another gateway process is using this");
    }
    // The first one was not disturbed.
    expect((await first.api("GET", "/api/status")).status).toBe(200);

    // The lock goes with the process, even killed: nothing stale keeps the next start out.
    first.signal("SIGKILL");
    await first.exited;
    again = await startGateway({ dataDir: first.dataDir, databaseUrl: first.databaseUrl ?? undefined });
    expect((await again.api("GET", "/api/status")).status).toBe(200);
  } finally {
    await again?.stop(true);
    await first.stop();
  }
}, 90_000);

// The PostgreSQL lock lives on a connection: once that connection is lost, the owner takes the lock
// again, or stops if another gateway took it meanwhile (two owners must never run side by side).
if (process.env.TEST_DATABASE_URL)
  test("PostgreSQL: a lost lock connection is replaced; if another process took the lock meanwhile, the gateway stops", async () => {
    const gw = await startGateway();
    const LOCK_KEY = "7455546890867139954"; // server/instance-lock.ts
    const lockHolders = `select pid from pg_locks where locktype = 'advisory' and granted
      and database = (select oid from pg_database where datname = current_database())`;
    const cutLockConnection = () => gw.sql(`select pg_terminate_backend(pid) from (${lockHolders}) h`);
    const { default: pg } = await import("pg");
    const other = new pg.Client({ connectionString: gw.databaseUrl! });
    try {
      const [holder] = await gw.sql<{ pid: number }>(lockHolders);
      expect(holder).toBeDefined();
      await cutLockConnection();
      await gw.waitFor(async () => {
        const now = await gw.sql<{ pid: number }>(lockHolders);
        return now.length === 1 && now[0]!.pid !== holder!.pid;
      }, 20_000);
      expect((await gw.api("GET", "/api/status")).status).toBe(200);

      // This time another process takes the lock first: the gateway must stop (gracefully).
      await cutLockConnection();
      await other.connect();
      await gw.waitFor(async () => (await gw.sql(lockHolders)).length === 0, 10_000);
      const { rows } = await other.query("select pg_try_advisory_lock($1::bigint) as locked", [LOCK_KEY]);
      expect(rows[0].locked).toBe(true);
      expect(await gw.exited).toBe(0);
    } finally {
      await other.end().catch(() => undefined);
      await gw.stop();
    }
  }, 60_000);
