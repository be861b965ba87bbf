// Helpers of `npm run bench` (scripts/bench.mjs) for issue 21: gateways started exactly as an operator
// does (`npm start`, so the measured process tree is npm's), 1 or 2 workers, 1,000 concurrent paced
// streams, and the table of the issue's targets with their measured values.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Starts `npm start` (migrate, then the server in npm's child) with WORKERS=workers, pinned to `cpus`,
 * on a fresh SQLite data folder; resolves once /api/status answers. `pid` is npm's: the whole tree.
 */
export async function startTree(root, { port, workers, cpus }) {
  const inUse = await fetch(`http://127.0.0.1:${port}/api/status`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`port ${port} is already served (a gateway left over from an earlier run?)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    CRITICAL_RATE_LIMIT: "100000",
    WORKERS: String(workers),
  };
  delete env.DATABASE_URL;
  // Its own process group: npm passes SIGTERM to its `sh -c`, which would leave the server behind.
  const child = spawn("taskset", ["-c", cpus, "npm", "start", "--silent"], {
    cwd: root,
    env,
    stdio: "ignore",
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/status`)).ok) break;
    } catch {
      // starting (migrations first)
    }
    if (i > 600 || child.exitCode !== null) throw new Error(`gateway (${workers} workers) did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  return { base, pid: child.pid, child, dataDir, stop };
}

/** Root, the mock channel and an unlimited token, through the public API; answers the token key. */
export async function setUpGateway(base, mockPort) {
  let cookie = "";
  const api = async (method, p, body) => {
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
  };
  await api("POST", "/api/setup", { username: "root", password: "benchpass123", confirmPassword: "benchpass123" });
  await api("POST", "/api/user/login", { username: "root", password: "benchpass123" });
  await api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify({ "gpt-4o-mini": 0.075 }) });
  await api("POST", "/api/channel/", {
    name: "bench-mock",
    type: 1,
    key: "sk-mock",
    base_url: `http://127.0.0.1:${mockPort}`,
    models: "gpt-4o-mini",
    group: "default",
  });
  return (await api("POST", "/api/token/", { name: "bench", unlimited_quota: true })).key;
}

/** A process and its descendants, parents first (a process gone meanwhile is left out). */
function treePids(pid) {
  const pids = [];
  const visit = (p) => {
    try {
      const children = fs
        .readdirSync(`/proc/${p}/task`)
        .flatMap((t) => fs.readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim().split(/\s+/))
        .filter(Boolean);
      pids.push(p);
      for (const c of children) visit(c);
    } catch {
      // gone meanwhile
    }
  };
  visit(pid);
  return pids;
}

/** A number read from a /proc file of process `p` (0 when the process is gone). */
function procNumber(p, file, pattern) {
  try {
    return Number(pattern.exec(fs.readFileSync(`/proc/${p}/${file}`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Sum of VmRSS over a process and its descendants (MB). */
export function treeRssMb(pid) {
  return treePids(pid).reduce((kb, p) => kb + procNumber(p, "status", /VmRSS:\s+(\d+)/), 0) / 1024;
}

/**
 * Each process of the tree under `pid`: its command, RSS and PSS (MB). PSS divides pages shared
 * between processes (the node binary and libraries mapped by every one) among them, so the PSS of a
 * tree is its physical memory, where the sum of RSS counts those pages once per process.
 */
export function treeProcesses(pid) {
  return treePids(pid).map((p) => {
    let cmd = [];
    try {
      cmd = fs.readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").filter(Boolean);
    } catch {
      // gone meanwhile
    }
    const role = cmd.some((a) => a.includes("npm")) ? "npm" : cmd[0]?.endsWith("sh") ? "sh" : "node";
    return {
      pid: p,
      role,
      rssMb: procNumber(p, "status", /VmRSS:\s+(\d+)/) / 1024,
      pssMb: procNumber(p, "smaps_rollup", /^Pss:\s+(\d+)/m) / 1024,
    };
  });
}

/**
 * 1,000 concurrent closed-loop streams against a mock that sends 20 chunks 20 ms apart; the load client
 * is pinned to `cpus`. Peak RSS of the gateway tree is sampled meanwhile.
 */
export function paced1000(harness, { url, key, cpus, pid, seconds = 15 }) {
  let peak = treeRssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 500);
  const out = execFileSync(
    "taskset",
    [
      ...["-c", cpus, process.execPath, path.join(harness, "sse-bench.js"), "--url", url, "--key", key],
      ...["--concurrency", "1000", "--duration", String(seconds), "--timeout", "60"],
    ],
    { encoding: "utf8", maxBuffer: 1 << 24 },
  );
  clearInterval(sampler);
  peak = Math.max(peak, treeRssMb(pid));
  const r = JSON.parse(
    out
      .split("\n")
      .find((l) => l.startsWith("SSEJSON "))
      .slice(8),
  );
  return { ...r, rss_peak_mb: Math.round(peak * 10) / 10 };
}

/** The mock of the paced streams (20 ms between chunks), pinned to `cpus`; resolves once it listens. */
export async function startPacedMock(harness, { port, cpus }) {
  const m = spawn("taskset", ["-c", cpus, process.execPath, path.join(harness, "mock-upstream.js")], {
    env: { ...process.env, MOCK_PORT: String(port), MOCK_CHUNK_DELAY_MS: "20", MOCK_CHUNKS: "20" },
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return m;
}

/** Markdown rows: each process of each tree (treeProcesses) and the tree's sums. */
export function memoryTable(trees) {
  const rows = ["| tree | process | RSS MB | PSS MB |", "|---|---|--:|--:|"];
  for (const [label, procs] of Object.entries(trees)) {
    const nodes = procs.filter((p) => p.role === "node");
    procs.forEach((p) => {
      // The first node process is the server (1 worker) or the primary; the rest are its workers.
      const name = p.role !== "node" ? p.role : nodes.length === 1 ? "server" : p === nodes[0] ? "primary" : "worker";
      rows.push(`| ${label} | ${name} (pid ${p.pid}) | ${p.rssMb.toFixed(1)} | ${p.pssMb.toFixed(1)} |`);
    });
    const sum = (k) => procs.reduce((a, p) => a + p[k], 0).toFixed(1);
    rows.push(`| ${label} | **whole tree** | **${sum("rssMb")}** | **${sum("pssMb")}** |`);
  }
  return rows.join("\n");
}

const n = (x, d = 0) => (x === null || x === undefined || Number.isNaN(x) ? "-" : Number(x).toFixed(d));
const pass = (ok) => (ok === null ? "?" : ok ? "met" : "NOT met");

/**
 * The targets of issue 21 with what this run measured. `m` carries: portkeyRps, oursRps (1 worker,
 * pinned, per core), added c1 p50 and TTFT p50 (ms), rss1 (npm start tree, 1 worker, peak at c=50),
 * w1/w2 ({rps, cpuUs, rssPeak} of 1 and 2 workers sharing both cores with the mock and load), streams
 * (1,000 paced streams of 1 and 2 workers), fixed ({rate, w1, w2}: fixedRateCpu runs of 1 worker at
 * `rate` and 2 workers at twice it).
 */
export function targetsTable(input) {
  // A value this run could not measure (NaN, ±Infinity) shows as "-" and "?", never as met.
  const m = { ...input };
  for (const k of ["portkeyRps", "oursRps", "addedC1", "addedTtft", "rss1"]) if (!Number.isFinite(m[k])) m[k] = null;
  const ratio = m.portkeyRps ? m.oursRps / m.portkeyRps : null;
  const scale = m.w1?.rps && m.w2?.rps ? m.w2.rps / m.w1.rps : null;
  const cpuDiff = m.w1?.cpuUs && m.w2?.cpuUs ? (m.w2.cpuUs - m.w1.cpuUs) / m.w1.cpuUs : null;
  const extra = m.w1?.rssPeak && m.w2?.rssPeak ? m.w2.rssPeak - m.w1.rssPeak : null;
  // What the processes measured after the load say (memoryTable): the trees' PSS (what the machine
  // gives them: shared pages counted once), and what the worker process holds beside the primary (the
  // cost of each worker beyond two).
  const pssOf = (procs) => (procs?.length ? procs.reduce((a, p) => a + p.pssMb, 0) : null);
  const pss1 = pssOf(m.procs1);
  const pss2 = pssOf(m.procs2);
  const workers2 = (m.procs2 ?? []).filter((p) => p.role === "node").slice(1);
  const perWorker = workers2.length ? workers2.reduce((a, p) => a + p.rssMb, 0) / workers2.length : null;
  const primary = (m.procs2 ?? []).filter((p) => p.role === "node")[0]?.rssMb ?? null;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const fixedCpu =
    m.fixed?.w1?.length && m.fixed?.w2?.length
      ? (() => {
          const w1 = median(m.fixed.w1.map((r) => r.cpuUs));
          const w2 = median(m.fixed.w2.map((r) => r.cpuUs));
          const errors = [...m.fixed.w1, ...m.fixed.w2].reduce((a, r) => a + r.errors, 0);
          return { w1, w2, diff: (w2 - w1) / w1, errors };
        })()
      : null;
  const rows = [
    [
      "Workers: 2 workers ≥ 1.5× the throughput of 1",
      `${n(scale, 2)}× (${n(m.w1?.rps)} → ${n(m.w2?.rps)} req/s)`,
      scale === null ? null : scale >= 1.5,
    ],
    [
      "Workers: CPU µs/request of 2 within 10% of 1",
      `${cpuDiff === null ? "-" : `${cpuDiff >= 0 ? "+" : ""}${n(cpuDiff * 100, 1)}%`} (${n(m.w1?.cpuUs)} → ${n(m.w2?.cpuUs)} µs)`,
      cpuDiff === null ? null : Math.abs(cpuDiff) <= 0.1,
    ],
    [
      "Workers: the same, each worker at the load of one alone (fixed rate)",
      fixedCpu
        ? `${fixedCpu.diff >= 0 ? "+" : ""}${n(fixedCpu.diff * 100, 1)}% (${n(fixedCpu.w1)} µs at ${m.fixed.rate} req/s → ${n(fixedCpu.w2)} µs at ${2 * m.fixed.rate} req/s, medians of ${m.fixed.w1.length} alternated rounds; ${n(fixedCpu.errors)} errors)`
        : "- (no `hey` on this machine)",
      fixedCpu ? Math.abs(fixedCpu.diff) <= 0.1 && fixedCpu.errors === 0 : null,
    ],
    [
      "Per core: ≥ 4× Portkey requests/s",
      `${n(ratio, 2)}× (${n(m.oursRps)} vs ${n(m.portkeyRps)} req/s)`,
      ratio === null ? null : ratio >= 4,
    ],
    ["Latency: added c=1 p50 ≤ 0.3 ms", `${n(m.addedC1, 2)} ms`, m.addedC1 == null ? null : m.addedC1 <= 0.3],
    [
      "Latency: added TTFT p50 at c=1 ≤ 0.5 ms",
      `${n(m.addedTtft, 2)} ms`,
      m.addedTtft == null ? null : m.addedTtft <= 0.5,
    ],
    [
      "Memory: `npm start` tree, 1 worker, c=50 ≤ 200 MB",
      `${n(m.rss1, 1)} MB peak RSS (PSS of the tree after the load: ${n(pss1, 1)} MB)`,
      m.rss1 == null ? null : m.rss1 <= 200,
    ],
    [
      "Memory: each extra worker ≤ 120 MB",
      `${n(extra, 1)} MB peak RSS from 1 to 2 workers (${n(m.w1?.rssPeak, 1)} → ${n(m.w2?.rssPeak, 1)} MB: the primary, which serves too, ${n(primary, 1)} MB, and its worker ${n(perWorker, 1)} MB RSS after the load; PSS of the tree ${n(pss1, 1)} → ${n(pss2, 1)} MB)`,
      extra === null ? null : extra <= 120,
    ],
  ];
  for (const [label, s] of Object.entries(m.streams ?? {})) {
    const errors = (s.streams_failed ?? 0) + (s.missing_done ?? 0) + (s.streams_ok - (s.usage_chunk_seen ?? 0));
    rows.push([
      `Streams (${label}): 1,000 concurrent, 0 errors, every one with usage and [DONE]`,
      `${s.streams_ok} ok, ${s.streams_failed} failed, ${s.missing_done} without [DONE], ${s.streams_ok - s.usage_chunk_seen} without usage; TTFT p50 ${n(s.first_token_ms?.p50, 1)} / p99 ${n(s.first_token_ms?.p99, 1)} ms; peak RSS ${n(s.rss_peak_mb, 1)} MB`,
      errors === 0 && s.streams_ok > 0,
    ]);
  }
  return [
    "| target | measured | |",
    "|---|---|---|",
    ...rows.map(([label, v, ok]) => `| ${label} | ${v} | ${pass(ok)} |`),
  ].join("\n");
}

/** CPU time (µs) so far of a process and its descendants. */
function treeCpuUs(pid) {
  const tick = 1e6 / 100; // USER_HZ is 100 on Linux
  let us = 0;
  for (const p of treePids(pid)) {
    try {
      const f = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      us += (Number(f[11]) + Number(f[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return us;
}

/**
 * The gateway's CPU µs per request at a fixed request rate (`hey -q`, 50 connections, pinned to `cpus`),
 * below saturation: what it costs to serve the same load, whatever the machine has left. Resolves
 * {rps, cpuUs, errors}, or null without `hey`.
 */
export function fixedRateCpu({ url, key, pid, rate, cpus, seconds = 8 }) {
  const body = JSON.stringify({
    model: "gpt-4o-mini",
    messages: [{ role: "user", content: "Say hi" }],
    max_tokens: 16,
  });
  const run = (secs) =>
    execFileSync(
      "taskset",
      [
        ...["-c", cpus, "hey", "-z", `${secs}s`, "-c", "50", "-q", String(rate / 50), "-m", "POST"],
        ...["-T", "application/json", "-H", `Authorization: Bearer ${key}`, "-d", body, url],
      ],
      { encoding: "utf8", maxBuffer: 1 << 26 },
    );
  try {
    execFileSync("hey", ["-n", "1", "-c", "1", url.replace(/\/v1\/.*$/, "/api/status")], { stdio: "ignore" });
  } catch {
    return null;
  }
  const before = treeCpuUs(pid);
  const out = run(seconds);
  const used = treeCpuUs(pid) - before;
  const codes = [...out.matchAll(/\[(\d+)\]\s+(\d+) responses/g)].map((m) => [Number(m[1]), Number(m[2])]);
  const ok = codes.filter(([c]) => c === 200).reduce((a, [, n]) => a + n, 0);
  const errors = codes.filter(([c]) => c !== 200).reduce((a, [, n]) => a + n, 0);
  return { rps: ok / seconds, cpuUs: ok ? used / ok : null, errors };
}
