// The container image's runtime, for real (no Docker engine here): scripts/assemble-runtime.mjs lays
// out the folder the Dockerfile copies into the image; the server is then started from that folder
// alone, exactly as the image's entrypoint does it (sh scripts/docker-entrypoint.sh: migrations, then
// the bundled server), with a clean environment and a fresh data folder. On PostgreSQL too when
// TEST_DATABASE_URL is set (a fresh database, migrated by the runtime's own prisma CLI).
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import OpenAI from "openai";
import pg from "pg";
import { ensureBuilt } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { freePort } from "@/test-support/free-port";

const ROOT = path.resolve(__dirname, "../..");
let tmp: string;
let app: string;
let server: ChildProcess;
let exited: Promise<number | null>;
let url: string;
let stderr = "";
let up: MockUpstream;
let pgDatabase: string | null = null;
const pgBase = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "") ? process.env.TEST_DATABASE_URL! : null;

/**
 * scripts/assemble-runtime.mjs run once per build, server bundle and assembler version, kept in the
 * temp folder (the bundle too: `node scripts/build-server.mjs` alone keeps the BUILD_ID).
 */
function assembledRuntime(): string {
  const buildId = fs.readFileSync(path.join(ROOT, ".next", "BUILD_ID"), "utf8").trim();
  const bundle = fs.readFileSync(path.join(ROOT, ".next", "gateway", "server.mjs"));
  const script = fs.readFileSync(path.join(ROOT, "scripts/assemble-runtime.mjs"));
  const key = createHash("sha256").update(buildId).update(bundle).update(script).digest("hex").slice(0, 12);
  const cacheRoot = path.join(os.tmpdir(), "gateway-test-runtime");
  const cache = path.join(cacheRoot, key);
  if (fs.existsSync(cache)) return cache;
  // Runtimes of earlier builds (a new build is a new BUILD_ID): drop those not used for 2 hours.
  for (const old of fs.existsSync(cacheRoot) ? fs.readdirSync(cacheRoot) : []) {
    const p = path.join(cacheRoot, old);
    if (Date.now() - fs.statSync(p).mtimeMs > 2 * 3_600_000) fs.rmSync(p, { recursive: true, force: true });
  }
  const building = `${cache}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  // A larger young generation for the tracer's parses (a quarter of the default's time went to
  // garbage collection), as the Dockerfile runs it.
  execFileSync(
    process.execPath,
    ["--max-semi-space-size=64", path.join(ROOT, "scripts/assemble-runtime.mjs"), building],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  fs.renameSync(building, cache);
  return cache;
}

/** Symlinks in the folder that point outside it (the runtime must not lean on the checkout). */
function escapingLinks(dir: string, top = dir): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      const target = path.resolve(path.dirname(p), fs.readlinkSync(p));
      if (!target.startsWith(top + path.sep)) found.push(p);
    } else if (entry.isDirectory()) found.push(...escapingLinks(p, top));
  }
  return found;
}

beforeAll(async () => {
  ensureBuilt();
  if (!fs.existsSync(path.join(ROOT, ".next", "standalone")))
    throw new Error(".next/standalone is missing: rebuild (next.config.mjs has output: standalone)");
  up = await startMockUpstream();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "gw-runtime-"));
  app = path.join(tmp, "app");
  // A hard-linked copy of the runtime assembled once per build (the SQLite and the PostgreSQL run
  // share it); what the server writes lands in this copy only.
  execFileSync("cp", ["-al", assembledRuntime(), app]);

  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // Only what a container gets: no inherited NODE_PATH / NODE_OPTIONS, no path back to the checkout.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: tmp,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: path.join(tmp, "data"),
    LOG_LEVEL: "error",
  };
  if (pgBase) {
    pgDatabase = `runtime_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${pgDatabase}"`);
    await admin.end();
    const u = new URL(pgBase);
    u.pathname = `/${pgDatabase}`;
    env.DATABASE_URL = u.toString();
  }
  server = spawn("sh", [path.join(app, "scripts/docker-entrypoint.sh")], {
    cwd: app,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  server.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet (migrations run first)
    }
    if (i > 600 || server.exitCode !== null) throw new Error(`runtime did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await exited;
  }
  await up?.close();
  if (pgBase && pgDatabase) {
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`);
    await admin.end();
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("the folder is self-contained: its own node_modules, no link back to the checkout, no sources", () => {
  expect(fs.lstatSync(path.join(app, "node_modules")).isDirectory()).toBe(true);
  expect(escapingLinks(app)).toEqual([]);
  for (const p of ["app", "components", "lib", "data", "next.config.mjs", ".next/standalone", ".next/cache"])
    expect(fs.existsSync(path.join(app, p))).toBe(false);
  for (const p of [".next/gateway/server.mjs", ".next/BUILD_ID", "prisma/postgres/migrations", "scripts/migrate.mjs"])
    expect(fs.existsSync(path.join(app, p))).toBe(true);
});

test("health checks answer and the entrypoint migrated the database", async () => {
  const health = await fetch(`${url}/healthz`);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await fetch(`${url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", database: "ok" });
  if (!pgBase) expect(fs.existsSync(path.join(tmp, "data", "gateway.db"))).toBe(true);
});

test("the console is served: setup redirect, setup page with its static assets, next.config headers", async () => {
  const home = await fetch(`${url}/`, { redirect: "manual" });
  expect(home.status).toBe(307);
  expect(home.headers.get("location")).toMatch(/\/setup$/);
  const page = await fetch(`${url}/setup`);
  expect(page.status).toBe(200);
  // next.config.mjs is not in the folder: its settings come from the build (scripts/serve.mjs).
  expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(page.headers.get("x-powered-by")).toBeNull();
  const html = await page.text();
  const css = /\/_next\/static\/[^"]+\.css/.exec(html)?.[0];
  expect(css).toBeDefined();
  const asset = await fetch(`${url}${css}`);
  expect(asset.status).toBe(200);
  expect((await asset.text()).length).toBeGreaterThan(1000);
});

test("signed-in pages render and a relay call through the runtime reaches the upstream", async () => {
  const json = (body: unknown, cookie = "") => ({
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  const setup = await fetch(
    `${url}/api/setup`,
    json({ username: "root", password: "rootpass123", confirmPassword: "rootpass123" }),
  );
  expect(((await setup.json()) as { success: boolean }).success).toBe(true);
  const login = await fetch(`${url}/api/user/login`, json({ username: "root", password: "rootpass123" }));
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  // A signed-in console page and an admin one render (server components, database, i18n).
  for (const page of ["/app/tokens", "/admin/channels"]) {
    const r = await fetch(`${url}${page}`, { headers: { cookie }, redirect: "manual" });
    expect([page, r.status]).toEqual([page, 200]);
    expect(await r.text()).toContain("</html>");
  }
  // The mock upstream is on loopback: private channel addresses are off on a fresh installation.
  const privateAddresses = await fetch(`${url}/api/option/`, {
    ...json({ key: "ChannelPrivateAddressEnabled", value: "true" }, cookie),
    method: "PUT",
  });
  expect(((await privateAddresses.json()) as { success: boolean }).success).toBe(true);
  const channel = await fetch(
    `${url}/api/channel/`,
    json({ type: 1, group: "default", name: "up", key: "sk-up", base_url: up.url, models: "runtime-model" }, cookie),
  );
  expect(((await channel.json()) as { success: boolean }).success).toBe(true);
  const price = await fetch(`${url}/api/option/`, {
    ...json({ key: "ModelPrice", value: JSON.stringify({ "runtime-model": 0.002 }) }, cookie),
    method: "PUT",
  });
  expect(((await price.json()) as { success: boolean }).success).toBe(true);
  const token = await fetch(`${url}/api/token/`, json({ name: "t", unlimited_quota: true }, cookie));
  const { data } = (await token.json()) as { data: { key: string } };

  const client = new OpenAI({ apiKey: data.key, baseURL: `${url}/v1`, maxRetries: 0 });
  const answer = await client.chat.completions.create({
    model: "runtime-model",
    messages: [{ role: "user", content: "hi" }],
  });
  expect(answer.choices[0]?.message.content).toBe("This is a mock completion.");
  expect(up.requests.at(-1)!.body.model).toBe("runtime-model");
});

test("SIGTERM stops it cleanly (the entrypoint exec'd the server: the signal reaches it)", async () => {
  server.kill("SIGTERM");
  expect(await exited).toBe(0);
});
