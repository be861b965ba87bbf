// The targets of issues 21 and 37 as `npm run bench` prints them (scripts/bench.mjs): each target with what
// the run measured, met or not, and the context rows that say what a target is measured against.

const n = (x, d = 0) => (x === null || x === undefined || Number.isNaN(x) ? "-" : Number(x).toFixed(d));
const pass = (ok) => (ok === undefined ? "(context)" : ok === null ? "?" : ok ? "met" : "NOT met");

/**
 * The targets of issue 21 with what this run measured. `m` carries: portkeyRps, oursRps (1 worker,
 * pinned, per core), added c1 p50 and TTFT p50 (ms), rss1 (npm start tree, 1 worker, peak at c=50),
 * w1/w2 ({rps, cpuUs, rssPeak} of 1 and 2 workers sharing both cores with the mock and load), streams
 * (1,000 paced streams of 1 and 2 workers), fixed ({rate, w1, w2}: fixedRateCpu runs of 1 worker at
 * `rate` and 2 workers at twice it), ceiling (ceilingRounds: 1 worker, 2 workers and two independent
 * 1-worker gateways saturated with wrk).
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
    ceilingRow(m.ceiling),
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

/** The row of ceilingRounds' medians: not a target, what the 1.5× target is measured against. */
function ceilingRow(c) {
  const label = "Workers, for the row above: the ceiling of any 2-process design on these cores";
  if (!c) return [label, "-", undefined];
  return [
    label,
    `two independent 1-worker gateways (nothing shared) ${n(c.pair)} req/s = ${n(c.pair / c.one, 2)}× of 1 worker (${n(c.one)} req/s); 2 workers ${n(c.two)} req/s = ${n((100 * c.two) / c.pair)} % of that ceiling (wrk c=50, the pair c=25 each, medians of ${c.rounds} alternated rounds; ${c.errors} errors)`,
    undefined,
  ];
}

/**
 * The targets of issue 37 (closer to the floor) with what this run measured. `m` carries rpsRatio and
 * streamsRatio (ours over the bare pass-through, both pinned to one core), ours and bare
 * ({rps, streams, cpuUs}), rss1 (npm start tree, 1 worker, peak) and addedTtft / bareTtft (TTFT p50 at
 * c=1 minus direct's, ms).
 */
export function floorTargetsTable(input) {
  const m = { ...input };
  for (const k of ["rpsRatio", "streamsRatio", "rss1", "addedTtft", "bareTtft"]) if (!Number.isFinite(m[k])) m[k] = null;
  const rows = [
    [
      "Per core: requests/s ≥ 0.6 of the pass-through",
      `${n(m.rpsRatio, 2)} (${n(m.ours?.rps)} vs ${n(m.bare?.rps)} req/s; CPU ${n(m.ours?.cpuUs)} vs ${n(m.bare?.cpuUs)} µs/req)`,
      m.rpsRatio === null ? null : m.rpsRatio >= 0.6,
    ],
    [
      "SSE streams/s ≥ 0.7 of the pass-through",
      `${n(m.streamsRatio, 2)} (${n(m.ours?.streams, 1)} vs ${n(m.bare?.streams, 1)} streams/s)`,
      m.streamsRatio === null ? null : m.streamsRatio >= 0.7,
    ],
    ["Memory: `npm start` tree, 1 worker, peak RSS ≤ 160 MB", `${n(m.rss1, 1)} MB`, m.rss1 === null ? null : m.rss1 <= 160],
    [
      "Latency: added TTFT p50 at c=1 ≤ 0.5 ms",
      `${n(m.addedTtft, 2)} ms (the pass-through adds ${n(m.bareTtft, 2)} ms)`,
      m.addedTtft === null ? null : m.addedTtft <= 0.5,
    ],
  ];
  return [
    "| target | measured | |",
    "|---|---|---|",
    ...rows.map(([label, v, ok]) => `| ${label} | ${v} | ${pass(ok)} |`),
  ].join("\n");
}
