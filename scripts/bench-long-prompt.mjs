// The long-prompt case of `npm run bench` (issue 16): non-stream chat requests, one at a time, with a
// short prompt and with 100 KB CJK, emoji and mixed prompts, through the gateway (default options:
// sensitive-word check on) and to the mock upstream directly, interleaved so noise hits all alike.
// The gateway's added time for a long prompt is its overhead on that prompt (ours - direct) minus
// its overhead on the short one, at p50 and p99. Target: at most 2 ms per 100 KB. With --pid (Linux)
// the gateway's CPU time per request is measured too (100 requests per prompt): unlike latency, it
// does not grow when other processes share the cores.
//   node scripts/bench-long-prompt.mjs --url http://127.0.0.1:3900/v1 --key sk-... --direct http://127.0.0.1:18080/v1 [--seconds 10] [--pid N]
// prints one line "LONGJSON {...}" (scripts/bench.mjs runs it pinned to CPU 1).
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const KB100 = 100 * 1024;
const fill = (unit) => {
  let s = unit.repeat(Math.floor(KB100 / Buffer.byteLength(unit)));
  while (Buffer.byteLength(s) < KB100) s += "a";
  return s;
};
export const PROMPTS = {
  short: "Say hi.",
  cjk: fill("中文长文档测试，这是一段很长的中文内容。"),
  emoji: fill("😀🎉👍🏽👨‍👩‍👧🐉"),
  mixed: fill("Hello 世界 😀 lorem ipsum 中文 👍🏽 "),
};

const body = (content) => JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content }] });

async function once(url, key, payload) {
  const t0 = performance.now();
  const res = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: payload,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return performance.now() - t0;
}

const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((q / 100) * s.length))];
};

/** CPU ms (user + system) the process has used, from /proc (clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Latencies per target and prompt; the added time per long prompt at p50 and p99. */
export async function longPromptCase({ url, key, direct, seconds = 10, pid }) {
  // The check is on: the default word ends a long prompt and the gateway refuses it.
  const hit = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body(PROMPTS.cjk + "test_sensitive"),
  });
  await hit.arrayBuffer();
  if (hit.status !== 400) throw new Error(`sensitive-word check not on: HTTP ${hit.status}`);

  const payloads = Object.fromEntries(Object.entries(PROMPTS).map(([k, v]) => [k, body(v)]));
  const targets = { ours: [url, key], direct: [direct, "sk-mock"] };
  const lat = {};
  for (const t of Object.keys(targets)) for (const p of Object.keys(PROMPTS)) lat[`${t}/${p}`] = [];
  const round = async (record) => {
    for (const p of Object.keys(PROMPTS))
      for (const [t, [u, k]] of Object.entries(targets)) {
        const ms = await once(u, k, payloads[p]);
        if (record) lat[`${t}/${p}`].push(ms);
      }
  };
  for (let i = 0; i < 30; i++) await round(false);
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) await round(true);

  const stat = (t, p) => ({ p50: pct(lat[`${t}/${p}`], 50), p99: pct(lat[`${t}/${p}`], 99) });
  const rows = Object.keys(PROMPTS).map((p) => {
    const ours = stat("ours", p);
    const dir = stat("direct", p);
    return { prompt: p, bytes: Buffer.byteLength(PROMPTS[p]), n: lat[`ours/${p}`].length, ours, direct: dir };
  });
  if (pid)
    for (const r of rows) {
      const c0 = cpuMs(pid);
      for (let i = 0; i < 100; i++) await once(url, key, payloads[r.prompt]);
      r.cpuMs = (cpuMs(pid) - c0) / 100;
    }
  const short = rows[0];
  for (const r of rows)
    r.added = {
      p50: r.ours.p50 - r.direct.p50 - (short.ours.p50 - short.direct.p50),
      p99: r.ours.p99 - r.direct.p99 - (short.ours.p99 - short.direct.p99),
      cpuMs: r.cpuMs === undefined ? undefined : r.cpuMs - short.cpuMs,
    };
  return rows;
}

/** The markdown table of longPromptCase's rows. */
export function longPromptTable(rows) {
  const f = (x) => (x === undefined ? "-" : x.toFixed(2));
  const added = (r, x) => (r.prompt === "short" ? "(baseline)" : f(x));
  return [
    "| prompt | UTF-8 bytes | requests | ours p50 ms | ours p99 ms | direct p50 ms | direct p99 ms | added p50 ms | added p99 ms | gateway CPU ms/req | added CPU ms |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.map(
      (r) =>
        `| ${r.prompt} | ${r.bytes} | ${r.n} | ${f(r.ours.p50)} | ${f(r.ours.p99)} | ${f(r.direct.p50)} | ${f(r.direct.p99)} | ${added(r, r.added.p50)} | ${added(r, r.added.p99)} | ${f(r.cpuMs)} | ${added(r, r.added.cpuMs)} |`,
    ),
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : dflt;
  };
  const rows = await longPromptCase({
    url: arg("url"),
    key: arg("key"),
    direct: arg("direct"),
    seconds: Number(arg("seconds", 10)),
    pid: arg("pid"),
  });
  process.stdout.write(`LONGJSON ${JSON.stringify(rows)}\n`);
}
