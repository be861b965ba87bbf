// `npm run bench`: production build of the gateway, pinned to CPU 0, with auth, billing and logging
// on, measured by ../shared/bench/compare.sh beside Portkey and the mock upstream direct, in one run.
// Writes the report to docs/benchmarks.md. Loopback only; every load step is time-bounded.
// With --long-prompt only the long-prompt case runs (scripts/bench-long-prompt.mjs), and its section
// of docs/benchmarks.md is replaced.
//   npm run bench -- [--rounds 2] [--scenarios "instant paced"] [--quick] [--long-prompt]
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { longPromptTable } from "./bench-long-prompt.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const harness = path.resolve(root, "../shared/bench");
const state = process.env.BENCH_STATE_DIR || path.join(os.tmpdir(), "gateway-bench");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const longOnly = args.includes("--long-prompt");
const passThrough = args.filter((a) => a !== "--quick" && a !== "--long-prompt");
const PORT = Number(process.env.BENCH_PORT || 3900);
const MOCK_PORT = 18080;

function sh(cmd, argv, opts = {}) {
  return execFileSync(cmd, argv, { cwd: root, stdio: "inherit", ...opts });
}

if (!fs.existsSync(path.join(harness, "compare.sh"))) {
  console.error(`bench harness not found at ${harness}`);
  process.exit(2);
}
if (!longOnly) sh("bash", [path.join(harness, "setup.sh")], { env: { ...process.env, BENCH_STATE_DIR: state } });
// The long-prompt case measures the relay (the bundled server); an existing console build will do.
if (!longOnly || !fs.existsSync(path.join(root, ".next/BUILD_ID")))
  sh(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
sh(process.execPath, [path.join(root, "scripts/build-server.mjs")]);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-bench-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  HOSTNAME: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: "error",
  CRITICAL_RATE_LIMIT: "100000",
};
delete env.DATABASE_URL;
sh(process.execPath, [path.join(root, "scripts/migrate.mjs")], { env, stdio: "ignore" });
// The same command line as `npm start` (scripts/start.mjs) uses in production.
const gateway = spawn(
  "taskset",
  [
    "-c",
    "0",
    process.execPath,
    "--max-semi-space-size=8",
    "--max-old-space-size=384",
    path.join(root, ".next/gateway/server.mjs"),
  ],
  { cwd: root, env, stdio: "ignore" },
);
const stop = () => {
  try {
    gateway.kill("SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stop);

const base = `http://127.0.0.1:${PORT}`;
let cookie = "";
async function api(method, p, body) {
  const res = await fetch(base + p, {
    method,
    headers: { "content-type": "application/json", cookie },
    body: body && JSON.stringify(body),
  });
  const c = res.headers.get("set-cookie");
  if (c?.includes("session-token=")) cookie = c.split(";")[0];
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${p}: ${json.message}`);
  return json.data;
}

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/status`)).ok) break;
  } catch {
    // starting
  }
  if (i > 300) throw new Error("gateway did not start");
  await new Promise((r) => setTimeout(r, 100));
}
await api("POST", "/api/setup", { username: "root", password: "benchpass123", confirmPassword: "benchpass123" });
await api("POST", "/api/user/login", { username: "root", password: "benchpass123" });
await api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify({ "gpt-4o-mini": 0.075 }) });
await api("POST", "/api/channel/", {
  name: "bench-mock",
  type: 1,
  key: "sk-mock",
  base_url: `http://127.0.0.1:${MOCK_PORT}`,
  models: "gpt-4o-mini",
  group: "default",
});
const token = await api("POST", "/api/token/", { name: "bench", unlimited_quota: true });

/** The long-prompt case, its client pinned to CPU 1 beside the mock (which must be running). */
function longPrompts() {
  const out = execFileSync(
    "taskset",
    [
      ...["-c", "1", process.execPath, path.join(root, "scripts/bench-long-prompt.mjs"), "--url", `${base}/v1`],
      ...["--key", token.key, "--direct", `http://127.0.0.1:${MOCK_PORT}/v1`, "--seconds", "10"],
      ...["--pid", String(gateway.pid)],
    ],
    { cwd: root, encoding: "utf8" },
  );
  return JSON.parse(
    out
      .split("\n")
      .find((l) => l.startsWith("LONGJSON "))
      .slice(9),
  );
}

/** CPU pressure over the last minute (Linux PSI), to say how busy the machine was. */
function cpuPressure() {
  try {
    return /avg60=([\d.]+)/.exec(fs.readFileSync("/proc/pressure/cpu", "utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}

function longSection(rows, note) {
  return `## Long prompts at concurrency 1 (sensitive-word check on)

Non-stream chat requests one at a time, with default options (the sensitive-word check scans every
prompt), through the gateway and to the mock directly, interleaved. "added" is the gateway's overhead on
the 100 KB prompt minus its overhead on the short one. Target: at most 2 ms per 100 KB. The gateway's
CPU time per request (100 requests per prompt, from /proc) does not grow with other load on the machine,
unlike the latencies. ${note}

${longPromptTable(rows)}
`;
}

const startMock = async () => {
  const m = spawn("taskset", ["-c", "1", process.execPath, path.join(harness, "mock-upstream.js")], {
    env: { ...process.env, MOCK_PORT: String(MOCK_PORT) },
    stdio: "ignore",
  });
  await new Promise((r) => setTimeout(r, 1000));
  return m;
};

if (longOnly) {
  const m = await startMock();
  const rows = longPrompts();
  m.kill();
  stop();
  const pressure = cpuPressure();
  const busy = pressure ? `, with CPU pressure ${pressure} % over the last minute (other jobs shared the cores)` : "";
  const note = `Measured on ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --long-prompt\` alone (not with the run above)${busy}.`;
  const docPath = path.join(root, "docs/benchmarks.md");
  const doc = fs.existsSync(docPath) ? fs.readFileSync(docPath, "utf8") : "# Benchmarks\n";
  const section = longSection(rows, note);
  const at = doc.indexOf("## Long prompts");
  const next = at < 0 ? -1 : doc.indexOf("\n## ", at + 3);
  const updated =
    at >= 0
      ? doc.slice(0, at) + section + (next >= 0 ? doc.slice(next) : "")
      : doc.includes("## compare.sh report")
        ? doc.replace("## compare.sh report", `${section}\n## compare.sh report`)
        : `${doc.trimEnd()}\n\n${section}`;
  fs.writeFileSync(docPath, updated);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`${longPromptTable(rows)}\n\nupdated the long-prompt section of docs/benchmarks.md\n`);
  process.exit(0);
}

const compareArgs = [
  "--target",
  `label=ours,url=${base}/v1,key=${token.key},pid=${gateway.pid}`,
  ...(quick ? ["--rounds", "1", "--scenarios", "instant"] : []),
  ...passThrough,
];
const before = new Set(fs.existsSync(path.join(state, "results")) ? fs.readdirSync(path.join(state, "results")) : []);
sh("bash", [path.join(harness, "compare.sh"), ...compareArgs], {
  env: { ...process.env, BENCH_STATE_DIR: state, MOCK_PORT: String(MOCK_PORT) },
});

// Time to first streamed token at concurrency 1 (no queueing behind other streams): direct vs ours,
// same mock (instant), same pinning as compare.sh.
function sseAt1(url, key) {
  const out = execFileSync(
    "taskset",
    [
      "-c",
      "1",
      process.execPath,
      path.join(harness, "sse-bench.js"),
      "--url",
      url,
      "--key",
      key,
      "--concurrency",
      "1",
      "--duration",
      "8",
    ],
    { cwd: root, encoding: "utf8" },
  );
  const line = out.split("\n").find((l) => l.startsWith("SSEJSON "));
  return JSON.parse(line.slice(8));
}
const mock = await startMock();
const direct1 = sseAt1(`http://127.0.0.1:${MOCK_PORT}/v1`, "sk-mock");
const ours1 = sseAt1(`${base}/v1`, token.key);
const longRows = longPrompts();
mock.kill();
stop();
const ttft = (r, q) => r.first_token_ms?.[q];
const c1Table = [
  "| target | TTFT p50 ms | TTFT p99 ms | streams ok | missing [DONE] | usage chunk seen |",
  "|---|--:|--:|--:|--:|--:|",
  ...[
    ["direct", direct1],
    ["ours", ours1],
  ].map(
    ([label, r]) =>
      `| ${label} | ${ttft(r, "p50")?.toFixed(2)} | ${ttft(r, "p99")?.toFixed(2)} | ${r.streams_ok} | ${r.missing_done} | ${r.usage_chunk_seen} |`,
  ),
  `| added by the gateway | ${(ttft(ours1, "p50") - ttft(direct1, "p50")).toFixed(2)} | ${(ttft(ours1, "p99") - ttft(direct1, "p99")).toFixed(2)} | | | |`,
].join("\n");

const session = fs
  .readdirSync(path.join(state, "results"))
  .filter((d) => d.startsWith("compare_") && !before.has(d))
  .sort()
  .pop();
const report = fs.readFileSync(path.join(state, "results", session, "report.md"), "utf8");
const results = fs
  .readdirSync(path.join(state, "results", session))
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(fs.readFileSync(path.join(state, "results", session, f), "utf8")));
const meanOf = (rows, pick) => {
  const xs = rows.map(pick).filter((x) => typeof x === "number");
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
};
const summary = [
  "| target | scenario | RPS per core @c50 | CPU µs/req | RSS peak MB | errors |",
  "|---|---|--:|--:|--:|--:|",
];
for (const r of results.filter((x) => !x.label.startsWith("direct"))) {
  summary.push(
    `| ${r.label.split("@")[0]} | ${r.label.split("@")[1]} | ${Math.round(meanOf(r.runs, (x) => x.rps))} | ${r.gateway.cpu_us_per_request ?? "-"} | ${r.gateway.rss_peak_mb ?? "-"} | ${r.errors_total} |`,
  );
}
const doc = `# Benchmarks

Produced by \`npm run bench\` (scripts/bench.mjs) on ${new Date().toISOString().slice(0, 10)}: a production build of the
gateway pinned to CPU 0 with auth, billing, consume logs and usage aggregation on, Portkey ${"gateway"} 1.15.2 pinned the
same way, and the mock upstream measured directly, all in one run of \`../shared/bench/compare.sh\` (mock and load
generators on CPU 1). Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}.

## How to read this

- **RPS per core @c50**: requests per second of the gateway pinned to one core (wrk, 50 connections, mock on
  the other core). Target: at least Portkey's. CPU µs/req and peak RSS (target ≤ 300 MB) are the whole
  process tree.
- **Added time to first token**: the c=1 table below is the gateway's own cost per stream. In compare.sh's
  SSE run, ten closed-loop streams share one saturated core ("instant"), so there the number also contains
  the time a stream waits behind the others. "paced" (20 ms model time) shows the unsaturated case.
- Every stream must end with its usage chunk and [DONE] (missing [DONE] = 0, usage seen = streams), with no
  errors.

## Per target

${summary.join("\n")}

## Time to first streamed token at concurrency 1 (instant mock)

${c1Table}

${longSection(longRows, "Same run and pinning as above.")}
## compare.sh report

${report}
`;
fs.mkdirSync(path.join(root, "docs"), { recursive: true });
fs.writeFileSync(path.join(root, "docs/benchmarks.md"), doc);
fs.rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`\nwrote docs/benchmarks.md (session ${session})\n`);
process.exit(0);
