// `npm run bench -- --profile` (or `node scripts/bench-profile.mjs [--workers N]`): the hot path under
// load, with --cpu-prof. The production build (one worker by default) is pinned to CPU 0, the mock and
// wrk (c=50, 5 s warm-up, 10 s measured) to CPU 1; the gateway is stopped with SIGTERM so V8 writes the
// profile, and the top frames by self time are printed (startup included: it is a few % at most).
// Needs the production build and wrk (../shared/bench/setup.sh installs it).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setUpGateway } from "./bench-workers.mjs";
import { serverV8Flags } from "./server-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// BENCH_HARNESS: the harness elsewhere (a git worktree has no ../shared beside it).
const harness = path.resolve(process.env.BENCH_HARNESS || path.join(root, "../shared/bench"));
const args = process.argv.slice(2);
const workers = args.includes("--workers") ? args[args.indexOf("--workers") + 1] : "1";
const PORT = 38230;
const MOCK_PORT = 18181;

/** Self time per function (node_modules and build paths shortened), idle excluded. */
export function topFrames(profile, n = 25) {
  const byId = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const cf = byId.get(profile.samples[i]).callFrame;
    if (cf.functionName === "(idle)") continue;
    const url = cf.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(\.next|lib|scripts)\//, "$1/");
    const key = `${cf.functionName || "(anonymous)"} ${url}${url ? `:${cf.lineNumber + 1}` : ""}`;
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, t]) => ({ frame: k, percent: Math.round((1000 * t) / total) / 10 }));
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-profile-"));
  const dataDir = path.join(dir, "data");
  const mock = spawn("taskset", ["-c", "1", process.execPath, path.join(harness, "mock-upstream.js")], {
    env: { ...process.env, MOCK_PORT: String(MOCK_PORT) },
    stdio: "ignore",
  });
  execFileSync(process.execPath, [path.join(root, "scripts/migrate.mjs")], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    stdio: "ignore",
  });
  const flags = [...serverV8Flags(), "--cpu-prof", `--cpu-prof-dir=${dir}`];
  const env = { ...process.env, NODE_ENV: "production", WORKERS: workers, PORT: String(PORT) };
  Object.assign(env, { HOSTNAME: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "error", CRITICAL_RATE_LIMIT: "100000" });
  delete env.DATABASE_URL;
  const gw = spawn("taskset", ["-c", "0", process.execPath, ...flags, path.join(root, "scripts/serve.mjs")], {
    cwd: root,
    env,
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/status`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error("gateway did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const key = await setUpGateway(base, MOCK_PORT);
  const body = JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] });
  const lua = path.join(dir, "chat.lua");
  fs.writeFileSync(
    lua,
    `wrk.method="POST" wrk.body=[[${body}]] wrk.headers["content-type"]="application/json" wrk.headers["authorization"]="Bearer ${key}"`,
  );
  const wrk = (seconds) =>
    execFileSync(
      "taskset",
      ["-c", "1", "wrk", "-t1", "-c50", `-d${seconds}s`, "-s", lua, `${base}/v1/chat/completions`],
      {
        encoding: "utf8",
      },
    );
  wrk(5);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(wrk(10))?.[1];
  gw.kill("SIGTERM");
  await new Promise((r) => gw.once("exit", r));
  mock.kill();
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  // With workers, the biggest profile is a worker's (the primary's is small).
  const biggest = files.sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0];
  const top = topFrames(JSON.parse(fs.readFileSync(path.join(dir, biggest), "utf8")));
  const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  process.stdout.write(`${rps} req/s at c=50 under --cpu-prof, ${workers} worker(s), load average ${load}\n`);
  process.stdout.write(`profiles: ${dir}\n\n| self % | frame |\n|--:|---|\n`);
  for (const t of top) process.stdout.write(`| ${t.percent} | \`${t.frame}\` |\n`);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) await main();
