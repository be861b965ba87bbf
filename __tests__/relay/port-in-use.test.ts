// A gateway whose port is taken stops with the reason, with one process and with workers, instead of
// staying up unreachable (the listen error used to be logged as a stray error and kept the process,
// and its background jobs, running).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { copySqliteTemplate } from "../support/db-template";
import { ensureBuilt } from "./gateway";

const ROOT = path.resolve(__dirname, "../..");

async function startOnTakenPort(port: number, workers: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-port-"));
  await copySqliteTemplate(path.join(dataDir, "gateway.db"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    WORKERS: String(workers),
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
    // The deadline only fails the test: the process is expected to exit by itself well before.
    const deadline = setTimeout(() => child.kill("SIGKILL"), 40_000);
    child.once("exit", (c) => {
      clearTimeout(deadline);
      resolve(c);
    });
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, out };
}

test("a port already in use stops the start with the reason, with one process and with two workers", async () => {
  ensureBuilt();
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  const { port } = holder.address() as net.AddressInfo;
  try {
    const [single, workers] = await Promise.all([startOnTakenPort(port, 1), startOnTakenPort(port, 2)]);
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
