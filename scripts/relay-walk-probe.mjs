// Preloaded (--import) into the gateway by scripts/relay-walk.mjs: V8's precise coverage, taken in this
// process through node:inspector, so the walk sees every function of ours that runs, whatever calls it.
// Counting starts before the first module loads; each SIGUSR2 takes the coverage (which resets V8's
// counters) and writes the functions called since the previous SIGUSR2 to RELAY_WALK_OUT/<n>.json,
// repo files only (not node_modules, not this probe), as { "relay/x.ts": [startOffset, ...] }.
// A signal, not a request: asking over HTTP would itself run our code and land in the measurement.
import fs from "node:fs";
import inspector from "node:inspector/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const OUT = process.env.RELAY_WALK_OUT;

/** The repo-relative path of a script V8 names by URL (ESM) or by file path (tsx's CommonJS), or null. */
function repoFile(url) {
  let file = url.startsWith("file://") ? fileURLToPath(url.split("?")[0]) : url.split("?")[0];
  if (!path.isAbsolute(file)) return null;
  file = path.normalize(file);
  if (file === SELF || !file.startsWith(ROOT + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`))
    return null;
  return path.relative(ROOT, file).split(path.sep).join("/");
}

if (OUT) {
  const session = new inspector.Session();
  session.connect();
  await session.post("Profiler.enable");
  // detailed: false = one count per function (no block counters): cheap enough to leave on throughout.
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  let taken = 0;
  let busy = Promise.resolve();
  const take = async () => {
    const { result } = await session.post("Profiler.takePreciseCoverage");
    const called = {};
    for (const script of result) {
      const file = repoFile(script.url);
      if (!file) continue;
      for (const fn of script.functions) if (fn.ranges[0].count > 0) (called[file] ??= []).push(fn.ranges[0].startOffset);
    }
    const target = path.join(OUT, `${++taken}.json`);
    fs.writeFileSync(`${target}.tmp`, JSON.stringify(called));
    fs.renameSync(`${target}.tmp`, target); // the driver polls for the name: it must appear complete
  };
  process.on("SIGUSR2", () => {
    busy = busy.then(take, take);
  });
}
