// Starts the real gateway (production build, lib/server/main.ts) on a fresh SQLite data folder for
// black-box relay tests, and offers admin helpers that go through the public /api contract.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

const ROOT = path.resolve(__dirname, "../..");

export type Gateway = {
  url: string;
  dataDir: string;
  api: <T = unknown>(method: string, p: string, body?: unknown) => Promise<{ status: number; json: { success: boolean; message: string; data: T } }>;
  sql: <T = Record<string, unknown>>(query: string, ...args: unknown[]) => T[];
  /** A fetch with the root session cookie, answering the raw Response (SSE, non-envelope calls). */
  raw: (method: string, p: string, body?: unknown) => Promise<Response>;
  /** Polls until the condition holds (5 s unless told otherwise). */
  waitFor: (condition: () => boolean, timeoutMs?: number) => Promise<void>;
  /** Waits until the bookkeeping writer has persisted everything (no pending deltas). */
  settle: () => Promise<void>;
  stop: (keepData?: boolean) => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const SERVER_BUNDLE = path.join(ROOT, ".next", "gateway", "server.mjs");

/** The production build (Next + the bundled server), made once if missing. */
export function ensureBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], { cwd: ROOT, stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
  }
  if (!fs.existsSync(SERVER_BUNDLE)) execFileSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, stdio: "ignore" });
}

export type StartOptions = { env?: Record<string, string>; /** Reuse a data folder (restart tests). */ dataDir?: string; /** Skip setup + root login. */ fresh?: boolean };

export async function startGateway(opts: StartOptions = {}): Promise<Gateway> {
  ensureBuilt();
  const extraEnv = opts.env ?? {};
  const reuse = !!opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "gw-relay-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: process.env.GATEWAY_TEST_STDERR ? "debug" : "error",
    CRITICAL_RATE_LIMIT: "100000",
    LOGIN_RATE_LIMIT: "100000",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, [path.join(ROOT, "scripts/migrate.mjs")], { cwd: ROOT, env, stdio: "ignore" });
  const child: ChildProcess = spawn(process.execPath, ["--max-semi-space-size=8", "--enable-source-maps", SERVER_BUNDLE], { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/status`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 300 || child.exitCode !== null) throw new Error(`gateway did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  let cookie = "";
  const api: Gateway["api"] = async (method, p, body) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get("set-cookie");
    if (setCookie?.includes("session-token=")) cookie = setCookie.split(";")[0]!;
    return { status: res.status, json: (await res.json()) as never };
  };
  if (!reuse) await api("POST", "/api/setup", { username: "root", password: "rootpass123", confirmPassword: "rootpass123" });
  await api("POST", "/api/user/login", { username: "root", password: "rootpass123" });

  const db = new Database(path.join(dataDir, "gateway.db"), { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  db.defaultSafeIntegers(false);
  const sql: Gateway["sql"] = (query, ...args) => db.prepare(query).all(...args) as never;

  const settle = async () => {
    // The writer flushes every 250 ms; wait for two quiet intervals without new rows.
    let last = "";
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const snap = JSON.stringify(sql("select (select count(*) from logs) l, (select sum(usedQuota) from users) u, (select sum(usedQuota) from tokens) t, (select sum(usedQuota) from channels) c"));
      if (snap === last) return;
      last = snap;
    }
  };

  const raw: Gateway["raw"] = (method, p, body) =>
    fetch(`${url}${p}`, { method, headers: { "content-type": "application/json", cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  const waitFor: Gateway["waitFor"] = async (condition, timeoutMs = 5000) => {
    for (let i = 0; i < timeoutMs / 100; i++) {
      if (condition()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`condition not met within ${timeoutMs} ms`);
  };

  return {
    url,
    dataDir,
    api,
    raw,
    waitFor,
    sql,
    settle,
    stop: async (keepData = false) => {
      db.close();
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (process.env.GATEWAY_TEST_STDERR && stderr) process.stderr.write(stderr);
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
