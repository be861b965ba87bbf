// Starts the real gateway (production build, server/main.ts) on a fresh SQLite data folder for
// black-box relay tests, and offers admin helpers that go through the public /api contract.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { copySqliteTemplate, createPostgresFromTemplate } from "../../test-support/db-template";
import { serverV8Flags } from "../../scripts/server-flags.mjs";

const ROOT = path.resolve(__dirname, "../..");

export type Gateway = {
  url: string;
  dataDir: string;
  /** The PostgreSQL database's URL (TEST_DATABASE_URL runs); null on SQLite. */
  databaseUrl: string | null;
  api: <T = unknown>(
    method: string,
    p: string,
    body?: unknown,
  ) => Promise<{ status: number; json: { success: boolean; message: string; data: T } }>;
  /** A read query on the gateway's database (SQLite or PostgreSQL); camelCase columns are quoted for PostgreSQL. */
  sql: <T = Record<string, unknown>>(query: string, ...args: unknown[]) => Promise<T[]>;
  /** A fetch with the root session cookie, answering the raw Response (SSE, non-envelope calls). */
  raw: (method: string, p: string, body?: unknown) => Promise<Response>;
  /** POST /api/token/ as root (unlimited unless told otherwise); throws on failure. */
  createToken: (fields?: Record<string, unknown>) => Promise<{ id: number; key: string }>;
  /**
   * Registers a plain user (password "password123"), gives it `quota` as root when told, logs in and
   * creates an unlimited token as that user; answers the user id and the token's key.
   */
  createUser: (username: string, quota?: number) => Promise<{ id: number; key: string }>;
  /** POST /api/channel/ as root; answers the new channel id; throws on failure. */
  createChannel: (fields: Record<string, unknown>) => Promise<number>;
  /** The root session cookie ("name=value"). */
  cookieHeader: () => string;
  /** Polls until the condition holds (5 s unless told otherwise). */
  waitFor: (condition: () => boolean | Promise<boolean>, timeoutMs?: number) => Promise<void>;
  /**
   * With WORKERS > 1: waits until `count` processes answer (the workers are ready), asking on fresh
   * connections, which the primary hands out in turn.
   */
  untilProcessesAnswer: (count: number, timeoutMs?: number) => Promise<void>;
  /** Waits until the bookkeeping writer has persisted everything (no pending deltas). */
  settle: () => Promise<void>;
  /** The server process (with WORKERS > 1: the primary; its children are the workers). */
  pid: number;
  /** Sends a signal to the server process (graceful-shutdown tests). */
  signal: (sig: NodeJS.Signals) => void;
  /** Resolves with the server's exit code once the process has exited. */
  exited: Promise<number | null>;
  stop: (keepData?: boolean) => Promise<void>;
};

export async function freePort(): Promise<number> {
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
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
      cwd: ROOT,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  if (!fs.existsSync(SERVER_BUNDLE))
    execFileSync(process.execPath, [path.join(ROOT, "scripts/build-server.mjs")], { cwd: ROOT, stdio: "ignore" });
}

export type StartOptions = {
  env?: Record<string, string>;
  /** Reuse a data folder (restart tests). */ dataDir?: string;
  /** Skip setup + root login. */ fresh?: boolean;
  /** Use this PostgreSQL database as is (several instances on one database): no create, no drop. */
  databaseUrl?: string;
  /** With databaseUrl: run the migration script on it first (it is not a copy of the template). */
  migrate?: boolean;
};

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
    // stop() must not wait out the production 30 s drain for a request a test left open (an abandoned
    // SDK stream held the relay suite's afterAll past its hook timeout once); drain tests set their own.
    SHUTDOWN_TIMEOUT: "3",
    // Many gateways run at once on few cores: one process each unless a test asks for workers.
    WORKERS: "1",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  // With TEST_DATABASE_URL=postgres://... every gateway gets its own fresh PostgreSQL database.
  const pgBase =
    process.env.TEST_DATABASE_URL && /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL)
      ? process.env.TEST_DATABASE_URL
      : null;
  let pgUrl: string | null = null;
  if (opts.databaseUrl) {
    pgUrl = opts.databaseUrl;
    env.DATABASE_URL = pgUrl;
  } else if (pgBase) {
    if (reuse) {
      const u = new URL(pgBase);
      u.pathname = `/${fs.readFileSync(path.join(dataDir, "pg-database"), "utf8")}`;
      pgUrl = u.toString();
    } else {
      const name = `relay_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
      pgUrl = await createPostgresFromTemplate(pgBase, name);
      fs.writeFileSync(path.join(dataDir, "pg-database"), name);
    }
    env.DATABASE_URL = pgUrl;
  } else if (!reuse) {
    await copySqliteTemplate(path.join(dataDir, "gateway.db"));
  }
  if (opts.databaseUrl && opts.migrate)
    execFileSync(process.execPath, [path.join(ROOT, "scripts/migrate.mjs")], { cwd: ROOT, env, stdio: "ignore" });
  const child: ChildProcess = spawn(
    process.execPath,
    // scripts/serve.mjs runs the bundle with the build's Next config, as `npm start` and the image do,
    // and with npm start's V8 flags (no --enable-source-maps: ~1.5 s of CPU per gateway parsing the
    // bundles' maps; NODE_OPTIONS=--enable-source-maps when a stack trace must be read).
    [...serverV8Flags(), path.join(ROOT, "scripts/serve.mjs")],
    { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
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
  // (a second instance on a shared database just gets "already initialised")
  if (!reuse)
    await api("POST", "/api/setup", { username: "root", password: "rootpass123", confirmPassword: "rootpass123" });
  await api("POST", "/api/user/login", { username: "root", password: "rootpass123" });

  let sql: Gateway["sql"];
  let closeDb: () => Promise<void>;
  if (pgUrl) {
    const types = {
      getTypeParser: (oid: number, format?: string) =>
        oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as never),
    };
    const pool = new pg.Pool({ connectionString: pgUrl, max: 2, types: types as never });
    // An idle client may still be closing when stop() drops the database WITH (FORCE): PostgreSQL
    // then terminates it (57P01), which the pool re-emits; that is the end of the test, not an error.
    pool.on("error", () => undefined);
    sql = async (query, ...args) => {
      let i = 0;
      const text = query.replace(/\?/g, () => `$${++i}`).replace(/\b([a-z]+[A-Z][A-Za-z]*)\b/g, '"$1"');
      return (await pool.query(text, args)).rows as never;
    };
    closeDb = () => pool.end();
  } else {
    const db = new Database(path.join(dataDir, "gateway.db"), { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    db.defaultSafeIntegers(false);
    sql = async (query, ...args) => db.prepare(query).all(...args) as never;
    closeDb = async () => {
      db.close();
    };
  }

  const settle = async () => {
    // The writer flushes every 250 ms; wait for two quiet intervals without new rows.
    let last = "";
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const snap = JSON.stringify(
        await sql(
          "select (select count(*) from logs) l, (select sum(usedQuota) from users) u, (select sum(usedQuota) from tokens) t, (select sum(usedQuota) from channels) c",
        ),
      );
      if (snap === last) return;
      last = snap;
    }
  };

  const raw: Gateway["raw"] = (method, p, body) =>
    fetch(`${url}${p}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const waitFor: Gateway["waitFor"] = async (condition, timeoutMs = 5000) => {
    for (let i = 0; i < timeoutMs / 100; i++) {
      if (await condition()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`condition not met within ${timeoutMs} ms`);
  };

  const createToken: Gateway["createToken"] = async (fields = {}) => {
    const r = await api<{ id: number; key: string }>("POST", "/api/token/", {
      name: "t",
      unlimited_quota: true,
      ...fields,
    });
    if (!r.json.success) throw new Error(r.json.message);
    return r.json.data;
  };
  const createUser: Gateway["createUser"] = async (username, quota) => {
    const password = "password123";
    await api("POST", "/api/user/register", { username, password, password2: password });
    const [user] = await sql<{ id: number }>("select id from users where username = ?", username);
    if (!user) throw new Error(`user ${username} was not registered`);
    if (quota !== undefined) {
      const set = await api("PUT", "/api/user/", { id: user.id, quota });
      if (!set.json.success) throw new Error(set.json.message);
    }
    const login = await fetch(`${url}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password }),
    });
    const userCookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const made = await fetch(`${url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: userCookie },
      body: JSON.stringify({ name: username, unlimited_quota: true }),
    });
    return { id: user.id, key: ((await made.json()) as { data: { key: string } }).data.key };
  };
  const createChannel: Gateway["createChannel"] = async (fields) => {
    const r = await api<{ ids: number[] }>("POST", "/api/channel/", { type: 1, group: "default", ...fields });
    if (!r.json.success) throw new Error(r.json.message);
    return r.json.data.ids[0]!;
  };

  return {
    url,
    databaseUrl: pgUrl,
    dataDir,
    createToken,
    createUser,
    createChannel,
    cookieHeader: () => cookie,
    api,
    raw,
    waitFor,
    untilProcessesAnswer: (count, timeoutMs = 30_000) =>
      waitFor(async () => {
        const ids = await Promise.all(
          Array.from({ length: count * 2 }, () =>
            fetch(`${url}/api/status`, { headers: { connection: "close" } }).then((r) =>
              // The process part of the request id (lib/server/http/route-id.ts: random per process).
              r.headers.get("x-request-id")?.slice(14, 20),
            ),
          ),
        );
        return new Set(ids).size === count;
      }, timeoutMs),
    sql,
    settle,
    pid: child.pid!,
    signal: (sig) => child.kill(sig),
    exited,
    stop: async (keepData = false) => {
      await closeDb();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      if (process.env.GATEWAY_TEST_STDERR && stderr) process.stderr.write(stderr);
      if (!keepData) {
        if (pgBase && pgUrl && !opts.databaseUrl) {
          const admin = new pg.Client({ connectionString: pgBase });
          await admin.connect();
          await admin.query(`DROP DATABASE IF EXISTS "${new URL(pgUrl).pathname.slice(1)}" WITH (FORCE)`);
          await admin.end();
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
