// Starts that must not happen stop with the reason, with one process and with workers:
// - a port already in use (the listen error used to be logged as a stray error and kept the process,
//   and its background jobs, running unreachable);
// - a second gateway on the same embedded database (each would keep balances of its own and let
//   tokens spend what the other had already charged).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { copySqliteTemplate } from "../support/db-template";
import { ensureBuilt, startGateway, type Gateway } from "./gateway";

const ROOT = path.resolve(__dirname, "../..");

/** Runs scripts/serve.mjs until it exits by itself (a 40 s deadline kills it and fails the test). */
async function serveUntilExit(opts: { port: number; workers: number; dataDir?: string }) {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "gw-refused-"));
  if (!opts.dataDir) await copySqliteTemplate(path.join(dataDir, "gateway.db"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(opts.port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    WORKERS: String(opts.workers),
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/serve.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const deadline = setTimeout(() => child.kill("SIGKILL"), 40_000);
    child.once("exit", (c) => {
      clearTimeout(deadline);
      resolve(c);
    });
  });
  if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, out };
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

test("a port already in use stops the start with the reason, with one process and with two workers", async () => {
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
    // The primary gives up once its workers keep failing to start.
    expect(workers.out).toContain("workers keep failing to start");
  } finally {
    holder.close();
  }
}, 60_000);

test("a second gateway on the same SQLite database refuses to start; after a kill -9 of the first, it starts", async () => {
  const first = await startGateway();
  let again: Gateway | null = null;
  try {
    const [single, workers] = await Promise.all([
      serveUntilExit({ port: await freePort(), workers: 1, dataDir: first.dataDir }),
      serveUntilExit({ port: await freePort(), workers: 2, dataDir: first.dataDir }),
    ]);
    for (const run of [single, workers]) {
      expect(run.code).toBe(1);
      expect(run.out).toContain("another gateway process is using this SQLite database");
    }
    // The first one was not disturbed.
    expect((await first.api("GET", "/api/status")).status).toBe(200);

    // The lock goes with the process, even killed: no stale lock file keeps the next start out.
    first.signal("SIGKILL");
    await first.exited;
    again = await startGateway({ dataDir: first.dataDir });
    expect((await again.api("GET", "/api/status")).status).toBe(200);
  } finally {
    await again?.stop(true);
    await first.stop();
  }
}, 90_000);
