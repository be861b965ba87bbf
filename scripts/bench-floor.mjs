// The floor of `npm run bench` (scripts/bench.mjs), issue 37: ../shared/bench/bare-proxy.js, a
// pass-through that reads no body, checks no key and bills nothing, started pinned like the gateway and
// measured beside it. What the gateway costs above it is its own work; the report gives our ratio to it
// (requests/s per core, SSE streams/s), the peak RSS of our 1-worker tree and the TTFT we add at c=1,
// against the targets of issue 37.
import { spawn } from "node:child_process";
import path from "node:path";
import { floorTargetsTable } from "./bench-targets.mjs";

export const BARE_PORT = 18099;

/** bare-proxy.js pinned to `cpus`, forwarding to the mock on `mockPort`; resolves once it listens. */
export async function startBare(harness, { mockPort, cpus }) {
  const child = spawn("taskset", ["-c", cpus, process.execPath, path.join(harness, "bare-proxy.js")], {
    env: { ...process.env, BARE_PORT: String(BARE_PORT), UPSTREAM: `http://127.0.0.1:${mockPort}` },
    stdio: "ignore",
  });
  // Any answer (the mock may not run yet: 502) says it listens.
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${BARE_PORT}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100 || child.exitCode !== null) throw new Error("bare-proxy.js did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pid: child.pid, url: `http://127.0.0.1:${BARE_PORT}/v1`, stop: () => child.kill() };
}

/** The compare.sh target of the bare proxy (its key is never checked). */
export const bareTarget = (bare) => `label=bare,url=${bare.url},key=sk-bare,pid=${bare.pid}`;

const mean = (xs) => {
  const ok = xs.filter((x) => typeof x === "number" && Number.isFinite(x));
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : null;
};

/**
 * Means over the rounds of the instant scenario for one label of a compare.sh session's results:
 * requests/s at c=50 (one core), SSE streams/s, peak RSS of the tree, CPU µs per request.
 */
export function instantStats(results, label) {
  const rows = results.filter((r) => r.label.startsWith(`${label}@instant`));
  if (!rows.length) return null;
  return {
    rps: mean(rows.flatMap((r) => r.runs.map((x) => x?.rps))),
    streams: mean(rows.map((r) => r.sse?.streams_per_s)),
    rssPeak: Math.max(...rows.map((r) => r.gateway.rss_peak_mb ?? 0)) || null,
    cpuUs: mean(rows.map((r) => r.gateway.cpu_us_per_request)),
  };
}

/**
 * The "Floor (issue 37)" section of docs/benchmarks.md: ours, the bare proxy and Portkey side by side,
 * our ratios to the floor and the issue's targets. `c1` holds the concurrency-1 stream probes
 * (sseAt1) of direct, ours and bare.
 */
export function floorSection({ results, c1, how, loadavg, pressure, beforeLabel = null }) {
  const ours = instantStats(results, "ours");
  const bare = instantStats(results, "bare");
  const portkey = instantStats(results, "portkey");
  const before = beforeLabel ? instantStats(results, "before") : null;
  const ttft = (r) => r?.first_token_ms?.p50 ?? null;
  const m = {
    rpsRatio: ours?.rps && bare?.rps ? ours.rps / bare.rps : null,
    streamsRatio: ours?.streams && bare?.streams ? ours.streams / bare.streams : null,
    ours,
    bare,
    rss1: ours?.rssPeak ?? null,
    addedTtft: ttft(c1.ours) !== null && ttft(c1.direct) !== null ? ttft(c1.ours) - ttft(c1.direct) : null,
    bareTtft: ttft(c1.bare) !== null && ttft(c1.direct) !== null ? ttft(c1.bare) - ttft(c1.direct) : null,
  };
  const f = (x, d = 0) => (x === null || x === undefined ? "-" : Number(x).toFixed(d));
  const row = (label, s, toFloor) =>
    `| ${label} | ${f(s?.rps)} | ${f(s?.streams, 1)} | ${f(s?.cpuUs)} | ${f(s?.rssPeak, 1)} | ${toFloor} |`;
  const ratio = (s) =>
    s && bare?.rps ? `${f(s.rps / bare.rps, 2)} / ${bare.streams ? f(s.streams / bare.streams, 2) : "-"}` : "-";
  const busy = pressure ? `, CPU pressure ${pressure} % over the last minute` : "";
  return `## Floor (issue 37)

${how} Instant mock; the gateway, the bare pass-through (\`../shared/bench/bare-proxy.js\`: no body
read, no auth, no billing, no logs) and Portkey each pinned to CPU 0 in turn, the mock and the load on
CPU 1; means over the rounds. Ours runs with auth, billing, consume logs and the sensitive-word check
on (default options: the prompt is scanned). Load average at the end: ${loadavg}${busy} (the machine is
shared: every number is noisy).

${floorTargetsTable(m)}

| target | RPS per core @c50 | SSE streams/s (c=10) | CPU µs/req | RSS peak MB | to the floor (RPS / streams) |
|---|--:|--:|--:|--:|--:|
${before ? `${row(`before: ${beforeLabel} (1 worker, npm start tree)`, before, ratio(before))}\n` : ""}${row("ours (1 worker, npm start tree)", ours, ratio(ours))}
${row("bare pass-through", bare, "1 / 1")}
${row("Portkey 1.15.2", portkey, ratio(portkey))}

Time to the first streamed token at concurrency 1 (p50; the probe client on CPU 1, direct with the mock
on CPU 0 where the gateways run): direct ${f(ttft(c1.direct), 2)} ms, bare ${f(ttft(c1.bare), 2)} ms, ours
${f(ttft(c1.ours), 2)} ms${before ? `, before ${f(ttft(c1.before), 2)} ms` : ""}.
`;
}
