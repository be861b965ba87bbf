// One owner of the balances per database without Redis (lib/server/instance-lock.ts): a second
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
