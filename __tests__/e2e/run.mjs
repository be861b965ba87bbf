// `npm run test:e2e`: end-to-end specs against the real server in a real browser.
// Builds the console when .next is missing or stale, migrates a fresh SQLite database in a temp
// DATA_DIR, starts the bundled production server on a free port (3400-3499), then runs every
// __tests__/e2e/*.e2e.mjs sequentially (E2E_ONLY selects some, see selectedSpec). Each spec exports
//   async function run({ browser, baseUrl, screenshot(name, page), serverDb })
// (serverDb: the server's DATA_DIR and DATABASE_URL, for seedRows in support.mjs)
// and throws to fail. Screenshots go to test-results/screenshots/, the server log to
// test-results/e2e-server.log. Prints "N passed, N failed" and exits non-zero on any failure.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { needsBuild } from "../../scripts/build-state.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const resultsDir = path.join(root, "test-results");
const screenshotDir = path.join(resultsDir, "screenshots");
const serverLogFile = path.join(resultsDir, "e2e-server.log");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The runner's report lines go to stdout (this is a CLI, not the product). */
function say(line) {
  process.stdout.write(`${line}\n`);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

async function freePort() {
  const start = 3400 + Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 3400 + ((start - 3400 + i) % 100);
    if (await portIsFree(port)) return port;
  }
  throw new Error("no free port in 3400-3499");
}

async function waitForServer(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/api/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready after ${timeoutMs / 1000} s`);
}

function stopServer(server) {
  if (!server || server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill("SIGKILL"), 10_000);
    server.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

function tail(file, lines = 40) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

// E2E_ONLY=10,30 runs the specs whose name starts with one of those prefixes, after 01-setup and
// 02-login, which create the state (root, alice) every later spec builds on.
function selectedSpec(file) {
  const only = (process.env.E2E_ONLY ?? "").split(",").filter(Boolean);
  if (only.length === 0 || /^0[12]-/.test(file)) return true;
  return only.some((prefix) => file.startsWith(prefix));
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  const specs = fs
    .readdirSync(here)
    .filter((f) => f.endsWith(".e2e.mjs"))
    .filter(selectedSpec)
    .sort();
  fs.mkdirSync(screenshotDir, { recursive: true });

  const baseEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
  delete baseEnv.DATABASE_URL; // the e2e instance uses its own SQLite file, or a fresh PostgreSQL database:
  const pgBase = process.env.E2E_DATABASE_URL;
  let pgName = "";
  if (pgBase) {
    const { default: pg } = await import("pg");
    pgName = `e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${pgName}"`);
    await admin.end();
    const u = new URL(pgBase);
    u.pathname = `/${pgName}`;
    baseEnv.DATABASE_URL = u.toString();
    say(`e2e: PostgreSQL database ${pgName}`);
  }

  if (needsBuild(root)) {
    // Turbopack refuses a node_modules that is a symlink to outside the project (git worktrees
    // sharing one install); webpack follows it. A normal checkout builds with the default bundler.
    const sharedInstall = fs.lstatSync(path.join(root, "node_modules")).isSymbolicLink();
    const buildArgs = ["build", ...(sharedInstall ? ["--webpack"] : [])];
    say(`e2e: building the console (next ${buildArgs.join(" ")})...`);
    const started = Date.now();
    execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), ...buildArgs], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...baseEnv, NODE_ENV: "production" },
    });
    execFileSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    say(`e2e: build done in ${Math.round((Date.now() - started) / 1000)} s`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // What a spec needs to reach the server's database directly (seedRows in support.mjs).
  const dbEnv = { DATA_DIR: dataDir, ...(baseEnv.DATABASE_URL ? { DATABASE_URL: baseEnv.DATABASE_URL } : {}) };
  const serverEnv = {
    ...baseEnv,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    LOG_LEVEL: "warn",
    NOTIFY_ALLOW_LOOPBACK_FOR_TESTS: "true", // test-only: lets 91-notify use a loopback webhook receiver
    TASK_POLL_INTERVAL_MS: "500", // 76-mj-relay waits for the background poller to finish its tasks
    // every spec signs in several users from 127.0.0.1: the per-address limit of login/register calls
    // (60 per 10 min, tested in __tests__/api) would refuse the later specs
    CRITICAL_RATE_LIMIT: "100000",
  };
  execFileSync(process.execPath, [path.join(root, "scripts/migrate.mjs")], {
    cwd: root,
    env: serverEnv,
    stdio: "pipe",
  });

  const log = fs.openSync(serverLogFile, "w");
  // The production command line of `npm start` (scripts/start.mjs).
  const server = spawn(
    process.execPath,
    ["--max-semi-space-size=8", "--enable-source-maps", path.join(root, ".next/gateway/server.mjs")],
    {
      cwd: root,
      env: serverEnv,
      stdio: ["ignore", log, log],
    },
  );
  let browser;
  let passed = 0;
  let failed = 0;
  const stopAll = async () => {
    await browser?.close().catch(() => undefined);
    await stopServer(server);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, () => void stopAll().finally(() => process.exit(130)));
  }

  try {
    await waitForServer(baseUrl, server, 120_000);
    // launch() gives Chromium a fresh temporary --user-data-dir of its own and deletes it on close
    // (Playwright refuses an explicit --user-data-dir argument here).
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    for (const spec of specs) {
      const name = spec.replace(/\.e2e\.mjs$/, "");
      const screenshot = async (shot, page) => {
        const file = path.join(screenshotDir, `${name}-${shot}.png`);
        await page.screenshot({ path: file, fullPage: true });
        return file;
      };
      const started = Date.now();
      try {
        const mod = await import(pathToFileURL(path.join(here, spec)).href);
        if (typeof mod.run !== "function") throw new Error("spec does not export run()");
        await mod.run({ browser, baseUrl, screenshot, serverDb: dbEnv });
        passed++;
        say(`✓ ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        failed++;
        say(`✗ ${name} (${Date.now() - started} ms)\n${err?.stack ?? err}`);
      }
    }
  } catch (err) {
    failed++;
    say(`✗ e2e setup: ${err?.stack ?? err}\n--- server log (tail) ---\n${tail(serverLogFile)}`);
  } finally {
    await stopAll();
  }
  if (failed > 0) say(`server log: ${path.relative(root, serverLogFile)}`);
  say(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err?.stack ?? err);
  say("0 passed, 1 failed");
  process.exit(1);
});
