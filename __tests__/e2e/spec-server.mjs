// One production server per browser spec (see run.mjs): its own DATA_DIR and database (a copy of the
// migrated template), its own port and log file, and the fixture that creates the accounts a spec
// declares through the public API. Not a spec itself (run.mjs only loads *.e2e.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ALICE, ROOT } from "./support.mjs";
import { serverV8Flags } from "../../scripts/server-flags.mjs";

/** A free loopback port chosen by the kernel. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/api/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not ready after ${timeoutMs / 1000} s`);
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/**
 * Starts the server for spec `name`. `templates` (from run.mjs): the SQLite template file, or
 * createPostgres/dropPostgres on E2E_DATABASE_URL.
 */
export async function startSpecServer({ name, root, resultsDir, templates, port, serverEnv = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gateway-e2e-${name}-`));
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
  delete env.DATABASE_URL;
  let pgName = "";
  if (templates.pgBase) {
    pgName = `e2e_${name.replace(/\W/g, "_")}_${Date.now()}`;
    env.DATABASE_URL = await templates.createPostgres(pgName);
  } else {
    fs.copyFileSync(templates.sqlite, path.join(dataDir, "gateway.db"));
  }
  Object.assign(env, {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    LOG_LEVEL: "warn",
    NOTIFY_ALLOW_LOOPBACK_FOR_TESTS: "true", // test-only: lets 91-notify use a loopback webhook receiver
    // specs sign in several users from 127.0.0.1: the per-address limit of login/register calls
    // (60 per 10 min, tested in __tests__/api) must not refuse them
    CRITICAL_RATE_LIMIT: "100000",
    // One process per spec server: the lanes already keep both cores busy (npm start's default is one
    // worker per core; the workers themselves are tested in __tests__/relay/workers.test.ts).
    WORKERS: "1",
    // what the spec itself asks for (its `serverEnv` export)
    ...serverEnv,
  });
  const logFile = path.join(resultsDir, `e2e-${name}.log`);
  const log = fs.openSync(logFile, "w");
  // The production command line of `npm start` (scripts/start.mjs → scripts/serve.mjs).
  const child = spawn(
    process.execPath,
    // npm start's V8 flags, without --enable-source-maps: that one cost every server ~1.5 s of CPU
    // parsing the bundles' maps (boot and 5 pages: 5.1-5.5 s against 3.6 s; specs are CPU-bound).
    // NODE_OPTIONS=--enable-source-maps maps a failing spec's server stack traces when needed.
    [...serverV8Flags(), path.join(root, "scripts/serve.mjs")],
    { cwd: root, env, stdio: ["ignore", log, log] },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      });
    }
    fs.closeSync(log);
    if (pgName) await templates.dropPostgres(pgName).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(baseUrl, child, 60_000);
  } catch (err) {
    err.serverLog = tail(logFile);
    await stop();
    throw err;
  }
  const dbEnv = { DATA_DIR: dataDir, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) };
  return { baseUrl, dbEnv, stop, logTail: () => tail(logFile) };
}

async function post(baseUrl, p, body) {
  const res = await fetch(`${baseUrl}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`fixture: POST ${p} failed: ${json.message}`);
  return json;
}

/** The fixture: root (setup) and, for "accounts", alice (registered), created through the API. */
export async function prepareAccounts(baseUrl, needs) {
  if (needs === "nothing") return;
  await post(baseUrl, "/api/setup", {
    username: ROOT.username,
    password: ROOT.password,
    confirmPassword: ROOT.password,
  });
  if (needs === "accounts") await post(baseUrl, "/api/user/register", { ...ALICE, password2: ALICE.password });
}
