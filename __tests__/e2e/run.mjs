// `npm run test:e2e`: end-to-end specs against the real server in a real browser.
// Builds the console when .next is missing or stale, launches one Chromium, then runs every
// __tests__/e2e/*.e2e.mjs in parallel browser contexts (E2E_CONCURRENCY at a time, 3 by default).
// Each spec gets its own production server (scripts/serve.mjs, as `npm start`) on its own database, a
// copy of the migrated template (../support/db-template.ts), so specs never see each other's state
// and their order does not matter. Before a spec runs, the fixture creates what it declares with
//   export const needs = "nothing" | "root" | "accounts"   (default "accounts": root and alice)
//   export const serverEnv = { NAME: "value" }              (optional: settings of its server)
// through the API (support.mjs: ROOT, ALICE). A spec exports
//   async function run({ browser, baseUrl, screenshot(name, page), serverDb })
// (serverDb: the server's DATA_DIR and DATABASE_URL, for seedRows in support.mjs) and throws to fail.
// E2E_ONLY=10,30 runs the specs whose name starts with one of those prefixes. E2E_DATABASE_URL
// (a PostgreSQL server) puts every spec's database there instead of SQLite.
// Screenshots go to test-results/screenshots/, each server's log to test-results/e2e-<spec>.log.
// Prints each spec's time and "N passed, N failed"; exits non-zero on any failure.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { tsImport } from "tsx/esm/api";
import { needsBuild } from "../../scripts/build-state.mjs";
import { freePort, prepareAccounts, startSpecServer } from "./spec-server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const resultsDir = path.join(root, "test-results");
const screenshotDir = path.join(resultsDir, "screenshots");
// Debian's chromium-headless-shell (the same Chromium without the desktop browser around it) when
// installed: measured on two specs, 30 % less CPU than the full chromium in headless mode (renderer
// 69 -> 42 s, browser + GPU process 55 -> 25 s), and the specs are CPU-bound on 2 cores.
const CHROMIUM =
  process.env.CHROMIUM_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => fs.existsSync(file)) ||
  "/usr/bin/chromium-headless-shell";
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
const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY) || 3);
// E2E_SCREENSHOTS=0 skips taking them (they only save pictures for people to look at; no assertion).
const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== "0";

/** The runner's report lines go to stdout (this is a CLI, not the product). */
function say(line) {
  process.stdout.write(`${line}\n`);
}

function selectedSpec(file) {
  const only = (process.env.E2E_ONLY ?? "").split(",").filter(Boolean);
  return only.length === 0 || only.some((prefix) => file.startsWith(prefix));
}

// Longest first, so that no long spec starts last while the other lanes sit idle: by the times of
// the previous run on this machine (test-results/e2e-times.json), else those of a quiet CI run kept in
// spec-times.json (job names: the spec's name, "-pg" for the PostgreSQL smoke jobs).
const timesFile = path.join(resultsDir, "e2e-times.json");
function longestFirst(jobs) {
  let known = {};
  for (const file of [path.join(here, "spec-times.json"), timesFile]) {
    try {
      Object.assign(known, JSON.parse(fs.readFileSync(file, "utf8")));
    } catch {
      // none yet
    }
  }
  // a spec without a known time goes first (it may be long), the larger file first
  const weight = (j) => known[j.name] ?? 1e9 + fs.statSync(path.join(here, j.spec)).size;
  return jobs.sort((a, b) => weight(b) - weight(a) || a.name.localeCompare(b.name));
}

function build() {
  // Turbopack refuses a node_modules that is a symlink to outside the project (git worktrees
  // sharing one install); webpack follows it. A normal checkout builds with the default bundler.
  const sharedInstall = fs.lstatSync(path.join(root, "node_modules")).isSymbolicLink();
  const buildArgs = ["build", ...(sharedInstall ? ["--webpack"] : [])];
  say(`e2e: building the console (next ${buildArgs.join(" ")})...`);
  const started = Date.now();
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
  const stdio = ["ignore", "ignore", "inherit"];
  execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), ...buildArgs], {
    cwd: root,
    stdio,
    env,
  });
  execFileSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], { cwd: root, stdio });
  say(`e2e: build done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * The spec's server on a free port. The kernel's free port can be taken by another lane's process
 * (a mock server, a browser) before the server binds it: that start is retried on a new port.
 */
async function startOnFreePort(job, engines, serverEnv) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSpecServer({
        name: job.name,
        root,
        resultsDir,
        templates: engines[job.engine],
        port: await freePort(),
        serverEnv,
      });
    } catch (err) {
      if (attempt >= 3 || !String(err.serverLog ?? "").includes("EADDRINUSE")) throw err;
    }
  }
}

/** Runs one job (a spec on an engine) on a server of its own; throws on failure. */
async function runJob(job, browser, engines) {
  const mod = await import(pathToFileURL(path.join(here, job.spec)).href);
  if (typeof mod.run !== "function") throw new Error("spec does not export run()");
  const server = await startOnFreePort(job, engines, mod.serverEnv);
  try {
    await prepareAccounts(server.baseUrl, mod.needs ?? "accounts");
    const screenshot = async (shot, page) => {
      const file = path.join(screenshotDir, `${job.name}-${shot}.png`);
      if (!SCREENSHOTS) return file;
      await page.screenshot({ path: file, fullPage: true });
      return file;
    };
    await mod.run({ browser, baseUrl: server.baseUrl, screenshot, serverDb: server.dbEnv });
  } catch (err) {
    err.serverLog = server.logTail();
    throw err;
  } finally {
    await server.stop();
  }
}

/**
 * What to run: every selected spec on SQLite, or on PostgreSQL when E2E_DATABASE_URL is set; with
 * E2E_POSTGRES_SMOKE=01,02 as well those specs again on PostgreSQL (E2E_DATABASE_URL), in the same
 * pool of lanes. PostgreSQL jobs are named <spec>-pg (screenshots, logs).
 */
function jobsOf(specs) {
  const pgOnly = !!process.env.E2E_DATABASE_URL && !process.env.E2E_POSTGRES_SMOKE;
  const smoke = (process.env.E2E_POSTGRES_SMOKE ?? "").split(",").filter(Boolean);
  const jobs = specs.map((spec) => ({ spec, engine: pgOnly ? "postgres" : "sqlite" }));
  for (const spec of specs) if (smoke.some((p) => spec.startsWith(p))) jobs.push({ spec, engine: "postgres" });
  const time = (j) => ({ ...j, name: `${j.spec.replace(/\.e2e\.mjs$/, "")}${j.engine === "postgres" ? "-pg" : ""}` });
  return longestFirst(jobs.map(time));
}

async function main() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`chromium not found at ${CHROMIUM} (apt-get install -y chromium-headless-shell)`);
  const jobs = jobsOf(
    fs
      .readdirSync(here)
      .filter((f) => f.endsWith(".e2e.mjs"))
      .filter(selectedSpec),
  );
  fs.mkdirSync(screenshotDir, { recursive: true });
  if (needsBuild(root)) build();

  const template = await tsImport("../../test-support/db-template.ts", import.meta.url);
  const pgBase = process.env.E2E_DATABASE_URL || "";
  const engines = {
    sqlite: { pgBase: "", sqlite: jobs.some((j) => j.engine === "sqlite") ? await template.sqliteTemplate() : "" },
    postgres: {
      pgBase,
      createPostgres: (dbName) => template.createPostgresFromTemplate(pgBase, dbName),
      dropPostgres: (dbName) => template.dropPostgresDatabase(pgBase, dbName),
    },
  };
  const onPg = jobs.filter((j) => j.engine === "postgres").length;
  if (onPg) say(`e2e: ${jobs.length - onPg} specs on SQLite, ${onPg} on PostgreSQL`);

  // launch() gives Chromium a fresh temporary --user-data-dir of its own and deletes it on close.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  let passed = 0;
  let failed = 0;
  const times = [];
  const started = Date.now();
  const queue = [...jobs];
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const t0 = Date.now();
      try {
        await runJob(job, browser, engines);
        passed++;
        say(`✓ ${job.name} (${Date.now() - t0} ms)`);
      } catch (err) {
        failed++;
        say(`✗ ${job.name} (${Date.now() - t0} ms)\n${err?.stack ?? err}`);
        if (err?.serverLog) say(`--- ${job.name} server log (tail) ---\n${err.serverLog}`);
      }
      times.push({
        file: `__tests__/e2e/${job.spec}${job.engine === "postgres" ? " (PostgreSQL)" : ""}`,
        name: job.name,
        ms: Date.now() - t0,
      });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, lane));
  } finally {
    await browser.close().catch(() => undefined);
  }
  say(`e2e: ${jobs.length} specs in ${Math.round((Date.now() - started) / 1000)} s (${CONCURRENCY} at a time)`);
  say(`${passed} passed, ${failed} failed`);
  const known = fs.existsSync(timesFile) ? JSON.parse(fs.readFileSync(timesFile, "utf8")) : {};
  for (const t of times) known[t.name] = t.ms;
  fs.writeFileSync(timesFile, JSON.stringify(known));
  // --report FILE: the counts and each spec's time, for scripts/test-report.mjs
  const reportAt = process.argv.indexOf("--report");
  if (reportAt > 0) {
    const report = { numPassedTests: passed, numFailedTests: failed, specs: times };
    fs.writeFileSync(process.argv[reportAt + 1], JSON.stringify(report));
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  say("0 passed, 1 failed");
  process.exit(1);
});
