// Helpers of `npm run bench` (scripts/bench.mjs) for issue 21: gateways started exactly as an operator
// does (`npm start`, so the measured process tree is npm's), 1 or 2 workers, 1,000 concurrent paced
// streams, and the table of the targets with their measured values.
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
  // The mock upstream is on loopback, which a fresh installation refuses as a channel address.
  await api("PUT", "/api/option/", { key: "ChannelPrivateAddressEnabled", value: "true" });
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
