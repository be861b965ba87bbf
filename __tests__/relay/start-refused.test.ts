// Starts that cannot work stop at once with the reason, with one process and with workers: a port
// already in use (the listen error used to be logged as a stray error and kept the process, and its
// background jobs, running unreachable), and a bad setting (one line naming it, no stack trace).
import net from "node:net";
import { ensureBuilt } from "./gateway";
import { serveUntilExit } from "./serve-until-exit";

test("a port already in use stops the start with the reason, with one process and with a primary and worker", async () => {
  ensureBuilt();
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const { port } = holder.address() as net.AddressInfo;
  try {
    const [single, workers] = await Promise.all([
      serveUntilExit({ port, workers: 1 }),
      serveUntilExit({ port, workers: 2 }),
    ]);
    for (const run of [single, workers]) {
      expect(run.code).toBe(1);
      expect(run.out).toContain("cannot listen on PORT");
      expect(run.out).toContain("EADDRINUSE");
    }
    // The primary listens for all its processes: it stops at once, not after its workers failed.
    expect(workers.out).not.toContain("workers keep failing to start");
  } finally {
    holder.close();
  }
}, 60_000);

test("a bad setting stops the start with one line naming it, with one process and with two workers", async () => {
  ensureBuilt();
  const port = 65000; // never listened on: the settings are refused first
  const [single, workers] = await Promise.all([
    serveUntilExit({ port, workers: 1, env: { SHUTDOWN_TIMEOUT: "soon" } }),
    serveUntilExit({ port, workers: 2, env: { WORKER_HANG_TIMEOUT: "-1" } }),
  ]);
  expect(single.code).toBe(1);
  expect(single.out).toMatch(/^Invalid environment: SHUTDOWN_TIMEOUT: .+\n$/);
  expect(workers.code).toBe(1);
  expect(workers.out).toMatch(/^Invalid environment: WORKER_HANG_TIMEOUT: .+\n$/);
}, 60_000);
