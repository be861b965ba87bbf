// `npm run bench`: production build of the gateway, pinned to CPU 0, with auth, billing and logging
// on, measured by ../shared/bench/compare.sh beside Portkey and the mock upstream direct, in one run.
// Writes the report to docs/benchmarks.md. Loopback only; every load step is time-bounded.
// With --long-prompt only the long-prompt case runs (scripts/bench-long-prompt.mjs), and its section
// of docs/benchmarks.md is replaced. Then (issue 21) 1,000 concurrent paced streams, and 1 vs 2 workers
// sharing both cores with the mock and the load (scripts/bench-workers.mjs); the report starts with the
// issue's targets and what this run measured. Issue 37: the bare pass-through (../shared/bench/bare-proxy.js,
// scripts/bench-floor.mjs) is measured beside ours and Portkey, pinned the same way: the report gives our
// ratio to that floor with the issue's targets.
// With --floor only that comparison runs (~7 min): ours, bare and Portkey, instant scenario, 2 rounds
// (`--rounds 1` halves it), the c=1 stream probes; the build is made only when stale, and the
// "Floor (issue 37)" section of docs/benchmarks.md is replaced, the rest kept.
//   npm run bench -- [--rounds 2] [--scenarios "instant paced"] [--quick] [--long-prompt] [--no-build] [--floor]
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ceilingRounds } from "./bench-ceiling.mjs";
import { bareTarget, floorSection, startBare } from "./bench-floor.mjs";
import { longPromptTable } from "./bench-long-prompt.mjs";
import { targetsTable } from "./bench-targets.mjs";
import { cpuPressure, longSection, profileDoc, sectionOf, sseAt1 as sseAt1With } from "./bench-report.mjs";
import {
  fixedRateCpu,
  memoryTable,
  paced1000,
  setUpGateway,
  startPacedMock,
  startTree,
  treeProcesses,
} from "./bench-workers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// BENCH_HARNESS: the harness elsewhere (a git worktree has no ../shared beside it).
const harness = path.resolve(process.env.BENCH_HARNESS || path.join(root, "../shared/bench"));
const state = process.env.BENCH_STATE_DIR || path.join(os.tmpdir(), "gateway-bench");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const longOnly = args.includes("--long-prompt");
// --profile: only the hot-path profile (scripts/bench-profile.mjs); its section of docs/benchmarks.md
// is replaced ("after"), the previous one kept as "before".
const profileOnly = args.includes("--profile");
// --no-build: use the existing production build (e.g. one made with --webpack in a git worktree).
const noBuild = args.includes("--no-build");
const floorOnly = args.includes("--floor");
const passThrough = args.filter((a) => !["--quick", "--long-prompt", "--no-build", "--profile", "--floor"].includes(a));
const PORT = Number(process.env.BENCH_PORT || 3900);
const MOCK_PORT = 18080;

function sh(cmd, argv, opts = {}) {
  return execFileSync(cmd, argv, { cwd: root, stdio: "inherit", ...opts });
}

if (!fs.existsSync(path.join(harness, "compare.sh"))) {
  console.error(`bench harness not found at ${harness}`);
  process.exit(2);
}
const docPath = path.join(root, "docs/benchmarks.md");
const oldDoc = fs.existsSync(docPath) ? fs.readFileSync(docPath, "utf8") : "# Benchmarks\n";
if (profileOnly) {
  if (!fs.existsSync(path.join(root, ".next/BUILD_ID"))) throw new Error("run a production build first");
  const out = execFileSync(process.execPath, [path.join(root, "scripts/bench-profile.mjs"), ...passThrough], {
    cwd: root,
    encoding: "utf8",
  });
  process.stdout.write(out);
  fs.writeFileSync(docPath, profileDoc(oldDoc, out));
  process.exit(0);
}
if (!longOnly) sh("bash", [path.join(harness, "setup.sh")], { env: { ...process.env, BENCH_STATE_DIR: state } });
// The long-prompt case measures the relay (the bundled server); an existing console build will do.
if (floorOnly && !noBuild) sh(process.execPath, [path.join(root, "scripts/build-if-needed.mjs")]);
else if ((!longOnly && !noBuild) || !fs.existsSync(path.join(root, ".next/BUILD_ID")))
  sh(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
sh(process.execPath, [path.join(root, "scripts/build-server.mjs")]);

// `npm start` with one worker pinned to CPU 0, as an operator runs it: the measured tree is npm's.
const gateway = await startTree(root, { port: PORT, workers: 1, cpus: "0" });
const { base, dataDir, stop } = gateway;
process.on("exit", stop);
const token = { key: await setUpGateway(base, MOCK_PORT) };

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

const startMock = async (cpus = "1") => {
  const m = spawn("taskset", ["-c", cpus, process.execPath, path.join(harness, "mock-upstream.js")], {
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

// The floor, pinned like the gateway (compare.sh measures one target at a time).
const bare = await startBare(harness, { mockPort: MOCK_PORT, cpus: "0" });
process.on("exit", bare.stop);
// BENCH_BEFORE_ROOT (with --floor): a built checkout of an earlier commit, measured in the same run as
// "before" beside this tree ("after"), for a before/after table from one run.
const beforeRoot = floorOnly ? process.env.BENCH_BEFORE_ROOT : undefined;
const beforeTree = beforeRoot ? await startTree(beforeRoot, { port: PORT + 1, workers: 1, cpus: "0" }) : null;
if (beforeTree) process.on("exit", beforeTree.stop);
const beforeKey = beforeTree ? await setUpGateway(beforeTree.base, MOCK_PORT) : null;
const compareArgs = [
  "--target",
  `label=ours,url=${base}/v1,key=${token.key},pid=${gateway.pid}`,
  "--target",
  bareTarget(bare),
  ...(beforeTree ? ["--target", `label=before,url=${beforeTree.base}/v1,key=${beforeKey},pid=${beforeTree.pid}`] : []),
  ...(quick ? ["--rounds", "1", "--scenarios", "instant"] : []),
  ...(floorOnly ? ["--rounds", "2", "--scenarios", "instant"] : []),
  ...passThrough,
];
const before = new Set(fs.existsSync(path.join(state, "results")) ? fs.readdirSync(path.join(state, "results")) : []);
sh("bash", [path.join(harness, "compare.sh"), ...compareArgs], {
  env: { ...process.env, BENCH_STATE_DIR: state, MOCK_PORT: String(MOCK_PORT) },
});

// Each process of the tree right after the load (npm, sh, the server).
const procs1 = treeProcesses(gateway.pid);
// The main run's results (before the workers run adds a session of its own).
const session = fs
  .readdirSync(path.join(state, "results"))
  .filter((d) => d.startsWith("compare_") && !before.has(d))
  .sort()
  .pop();

const sseAt1 = (url, key) => sseAt1With(root, harness, url, key);
const resultsOf = (s) =>
  fs
    .readdirSync(path.join(state, "results", s))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(state, "results", s, f), "utf8")));
const loadavgNow = () => fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
// The direct probe with the mock on CPU 0, where the gateways run, as compare.sh measures direct: the
// probe client is on CPU 1, and a mock beside it would flatter direct (same-core loopback is ~3x quicker).
const directMock = await startMock("0");
const direct1 = sseAt1(`http://127.0.0.1:${MOCK_PORT}/v1`, "sk-mock");
directMock.kill();
await new Promise((r) => directMock.once("exit", r));
const mock = await startMock();
const ours1 = sseAt1(`${base}/v1`, token.key);
const bare1 = sseAt1(bare.url, "sk-bare");
const before1 = beforeTree ? sseAt1(`${beforeTree.base}/v1`, beforeKey) : null;
beforeTree?.stop();
bare.stop();
const floorOf = (how) =>
  floorSection({
    results: resultsOf(session),
    c1: { direct: direct1, ours: ours1, bare: bare1, before: before1 },
    beforeLabel: beforeRoot ? process.env.BENCH_BEFORE_LABEL || path.basename(beforeRoot) : null,
    how,
    loadavg: loadavgNow(),
    pressure: cpuPressure(),
  });
if (floorOnly) {
  mock.kill();
  stop();
  const section = floorOf(
    `Measured on ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --floor\` (${passThrough.join(" ") || "2 rounds"}).`,
  );
  const old = sectionOf(oldDoc, "Floor (issue 37)");
  const updated = old
    ? oldDoc.replace(old, section)
    : oldDoc.includes("## Targets (issue 21)")
      ? oldDoc.replace("## Targets (issue 21)", `${section}\n## Targets (issue 21)`)
      : `${oldDoc.trimEnd()}\n\n${section}`;
  fs.writeFileSync(docPath, updated);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`\n${section}\nupdated the floor section of docs/benchmarks.md (session ${session})\n`);
  process.exit(0);
}
const longRows = longPrompts();
mock.kill();
const pacedMock = await startPacedMock(harness, { port: MOCK_PORT, cpus: "1" });
const streams = { "1 worker": paced1000(harness, { url: `${base}/v1`, key: token.key, cpus: "1", pid: gateway.pid }) };
pacedMock.kill();
stop();

// 1 vs 2 workers. Both cores are shared by the gateway, the mock and the load generator (a 2-core
// machine cannot pin them apart once the gateway uses both), in the same layout for both counts.
const trees = [
  await startTree(root, { port: PORT + 1, workers: 1, cpus: "0,1" }),
  await startTree(root, { port: PORT + 2, workers: 2, cpus: "0,1" }),
  // a second, independent 1-worker gateway: with the first, the ceiling of any 2-process design here
  await startTree(root, { port: PORT + 3, workers: 1, cpus: "0,1" }),
];
process.on("exit", () => trees.forEach((t) => t.stop()));
const keys = [];
for (const t of trees) keys.push(await setUpGateway(t.base, MOCK_PORT));
const beforeWorkers = new Set(fs.readdirSync(path.join(state, "results")));
sh(
  "bash",
  [
    path.join(harness, "compare.sh"),
    // Two rounds, 1 and 2 workers alternated in each: one round alone varied by 15-20 % between runs.
    ...["--no-portkey", "--rounds", "2", "--scenarios", "instant"],
    ...["--gw-cpus", "0,1", "--mock-cpus", "0,1", "--load-cpus", "0,1"],
    ...["--target", `label=ours-1w,url=${trees[0].base}/v1,key=${keys[0]},pid=${trees[0].pid}`],
    ...["--target", `label=ours-2w,url=${trees[1].base}/v1,key=${keys[1]},pid=${trees[1].pid}`],
  ],
  { env: { ...process.env, BENCH_STATE_DIR: state, MOCK_PORT: String(MOCK_PORT) } },
);
// The same trees at a fixed rate below saturation, each worker at the load one worker has alone
// (1 worker at FIXED_RATE, 2 at twice it): what adding a worker costs per request when every worker
// carries the same load, as on a machine with a core per worker. Alternated rounds; medians.
const FIXED_RATE = 2000;
const fixedMock = spawn("taskset", ["-c", "0,1", process.execPath, path.join(harness, "mock-upstream.js")], {
  env: { ...process.env, MOCK_PORT: String(MOCK_PORT) },
  stdio: "ignore",
});
await new Promise((r) => setTimeout(r, 1000));
const [one, two, other] = trees.map((t, i) => ({ base: t.base, key: keys[i] }));
const ceiling = await ceilingRounds(harness, { one, two, pair: [one, other] });
trees[2].stop();
const fixedRuns = [[], []];
for (const i of [0, 1]) {
  const url = `${trees[i].base}/v1/chat/completions`;
  fixedRateCpu({ url, key: keys[i], pid: trees[i].pid, rate: FIXED_RATE * (i + 1), cpus: "0,1", seconds: 3 });
}
for (let round = 0; round < 3; round++)
  for (const i of [0, 1]) {
    const url = `${trees[i].base}/v1/chat/completions`;
    const run = fixedRateCpu({ url, key: keys[i], pid: trees[i].pid, rate: FIXED_RATE * (i + 1), cpus: "0,1" });
    if (run) fixedRuns[i].push(run);
  }
fixedMock.kill();
const pacedMock2 = await startPacedMock(harness, { port: MOCK_PORT, cpus: "0,1" });
streams["2 workers, shared cores"] = paced1000(harness, {
  url: `${trees[1].base}/v1`,
  key: keys[1],
  cpus: "0,1",
  pid: trees[1].pid,
});
pacedMock2.kill();
const procs2 = treeProcesses(trees[1].pid);
trees.forEach((t) => t.stop());
const workersSession = fs
  .readdirSync(path.join(state, "results"))
  .filter((d) => d.startsWith("compare_") && !beforeWorkers.has(d) && d !== session)
  .sort()
  .pop();
const workersDir = path.join(state, "results", workersSession);
const workersReport = fs.readFileSync(path.join(workersDir, "report.md"), "utf8");
const workerRows = fs
  .readdirSync(workersDir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(fs.readFileSync(path.join(workersDir, f), "utf8")));
const loadavg = loadavgNow();
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

const report = fs.readFileSync(path.join(state, "results", session, "report.md"), "utf8");
const results = resultsOf(session);
const meanOf = (rows, pick) => {
  const xs = rows.map(pick).filter((x) => typeof x === "number");
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
};
const byLabel = (rows, prefix) => rows.filter((r) => r.label.startsWith(prefix));
const rpsOf = (rows) =>
  meanOf(
    rows.flatMap((r) => r.runs),
    (x) => x.rps,
  );
const workerStats = (label) => {
  const rows = byLabel(workerRows, `${label}@`);
  return rows.length
    ? {
        rps: rpsOf(rows),
        cpuUs: meanOf(rows, (r) => r.gateway.cpu_us_per_request),
        rssPeak: Math.max(...rows.map((r) => r.gateway.rss_peak_mb ?? 0)),
      }
    : null;
};
const instant = (label) => byLabel(results, `${label}@instant`);
const targets = targetsTable({
  portkeyRps: rpsOf(instant("portkey")),
  oursRps: rpsOf(instant("ours")),
  addedC1: meanOf(instant("ours"), (r) => r.c1?.p50_ms) - meanOf(instant("direct"), (r) => r.c1?.p50_ms),
  addedTtft: ttft(ours1, "p50") - ttft(direct1, "p50"),
  rss1: instant("ours").length ? Math.max(...instant("ours").map((r) => r.gateway.rss_peak_mb ?? 0)) : null,
  w1: workerStats("ours-1w"),
  w2: workerStats("ours-2w"),
  fixed: fixedRuns.every((r) => r.length) ? { rate: FIXED_RATE, w1: fixedRuns[0], w2: fixedRuns[1] } : null,
  ceiling,
  streams,
  procs1,
  procs2,
});
process.stdout.write(`\nIssue 21 targets (load average at the end: ${loadavg}):\n\n${targets}\n`);
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

${floorOf("Same run as below (`npm run bench`).")}
## Targets (issue 21)

Load average at the end of the run: ${loadavg} (other jobs on the machine make every number noisy).
"Workers" compares 1 and 2 workers started by \`npm start\` with the gateway, the mock and the load
generator all sharing both cores (\`taskset -c 0,1\`: on 2 cores they cannot be pinned apart once the
gateway uses both), the means of two rounds of the instant scenario (1 and 2 workers alternated); "Per core", "Latency" and "Memory (1 worker)" come
from the pinned run below. The fixed-rate row: \`hey\` at ${FIXED_RATE.toLocaleString("en")} req/s against 1 worker and twice that
against 2 (50 connections, everything on both cores), the CPU of the whole tree per request, medians of
three alternated rounds. The streams: 1,000 concurrent closed-loop streams, 20 chunks 20 ms apart.

${targets}

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
## 1 vs 2 workers (compare.sh, shared cores)

${workersReport}
## Memory of each process (this run)

After the load: the 1-worker tree after the pinned run above, the 2-worker tree after its compare.sh round
and the 1,000 streams. RSS counts the pages a process shares with the others (the node binary and its
libraries, mapped by every process) once per process; PSS divides them among the processes sharing them,
so the PSS of a tree is the physical memory it uses.

${memoryTable({ "1 worker": procs1, "2 workers": procs2 })}

${sectionOf(oldDoc, "Memory per role")}${sectionOf(oldDoc, "Hot-path profile")}`;
fs.mkdirSync(path.join(root, "docs"), { recursive: true });
fs.writeFileSync(path.join(root, "docs/benchmarks.md"), doc);
for (const d of [dataDir, ...trees.map((t) => t.dataDir)]) fs.rmSync(d, { recursive: true, force: true });
process.stdout.write(`\nwrote docs/benchmarks.md (session ${session})\n`);
process.exit(0);
