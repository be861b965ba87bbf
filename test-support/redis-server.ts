// A throwaway redis-server (Debian's package, see .ci/run) on a free loopback port for the tests
// that need real Redis. REDIS_TEST_URL points at an existing server instead.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export type TestRedis = { url: string; port: number; stop: () => Promise<void>; kill: () => void };

export function redisServerPath(): string | null {
  for (const p of ["/usr/bin/redis-server", "/usr/local/bin/redis-server"]) if (fs.existsSync(p)) return p;
  const which = spawnSync("which", ["redis-server"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error("redis-server exited at start");
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, "127.0.0.1", () => {
        sock.end();
        resolve(true);
      });
      sock.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not listen on ${port}`);
}

/** Starts redis-server (no persistence) on a free port, or uses REDIS_TEST_URL. */
export async function startRedis(port?: number): Promise<TestRedis> {
  if (process.env.REDIS_TEST_URL && port === undefined) {
    const url = process.env.REDIS_TEST_URL;
    return { url, port: Number(new URL(url).port || 6379), stop: async () => undefined, kill: () => undefined };
  }
  const bin = redisServerPath();
  if (!bin) throw new Error("redis-server is not installed (apt-get install -y redis-server)");
  const p = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-redis-"));
  const child = spawn(
    bin,
    ["--port", String(p), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: "ignore" },
  );
  await waitForPort(p, child);
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    kill: () => child.kill("SIGKILL"),
    stop: async () => {
      // A child killed by a signal has exitCode null but signalCode set (its exit already fired).
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
