// The ceiling of any 2-process design on this machine, for issue 21's "2 workers ≥ 1.5× the throughput
// of 1": two independent 1-worker gateways (each its own database, nothing shared, no channel between
// them) loaded at once, wrk c=25 each, alternated with 1 worker and 2 workers at c=50, all on the same
// two cores as the mock and wrk. When 2 workers reach what two independent processes reach, the rest of
// the way to the target is the machine's (the load generator, the mock and the kernel's loopback work
// share the two cores), not the coordination between the workers.
import { spawn } from "node:child_process";
import path from "node:path";

/** Requests/s of wrk runs started together, one per load ({base, key, conns}), pinned to `cpus`. */
function wrkTogether(harness, loads, { cpus, seconds }) {
  const one = ({ base, key, conns }) =>
    new Promise((resolve, reject) => {
      const wrk = spawn(
        "taskset",
        [
          ...["-c", cpus, "wrk", "-t1", `-c${conns}`, `-d${seconds}s`],
          ...["-s", path.join(harness, "wrk-chat.lua"), `${base}/v1/chat/completions`],
        ],
        { env: { ...process.env, WRK_HEADERS: `Authorization: Bearer ${key}` } },
      );
      let out = "";
      wrk.stdout.on("data", (d) => (out += d));
      wrk.on("error", reject);
      wrk.on("exit", () => {
        const line = out.split("\n").find((l) => l.startsWith("WRKJSON "));
        if (!line) return reject(new Error(`wrk printed no summary for ${base}`));
        const j = JSON.parse(line.slice(8));
        const errors = j.err_connect + j.err_read + j.err_write + j.err_status + j.err_timeout;
        resolve({ rps: j.requests / (j.duration_us / 1e6), errors });
      });
    });
  return Promise.all(loads.map(one)).then((runs) => ({
    rps: runs.reduce((a, r) => a + r.rps, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
  }));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/**
 * Saturated requests/s of `one` (1 worker), `two` (2 workers) and `pair` (two independent 1-worker
 * gateways), each {base, key}; `rounds` alternated rounds after a short warm-up. Resolves the medians
 * and the error count.
 */
export async function ceilingRounds(harness, { one, two, pair, cpus = "0,1", rounds = 3, seconds = 8 }) {
  const layouts = {
    one: [{ ...one, conns: 50 }],
    two: [{ ...two, conns: 50 }],
    pair: pair.map((p) => ({ ...p, conns: 25 })),
  };
  for (const loads of Object.values(layouts)) await wrkTogether(harness, loads, { cpus, seconds: 2 });
  const runs = { one: [], two: [], pair: [] };
  let errors = 0;
  for (let round = 0; round < rounds; round++)
    for (const [name, loads] of Object.entries(layouts)) {
      const r = await wrkTogether(harness, loads, { cpus, seconds });
      runs[name].push(r.rps);
      errors += r.errors;
    }
  return { one: median(runs.one), two: median(runs.two), pair: median(runs.pair), rounds, errors };
}
