// Preloaded (--import) into the gateway by scripts/relay-walk.mjs: V8's precise coverage, taken in this
// process through node:inspector, so the walk sees every function of ours that runs, whatever calls it.
// Counting starts before the first module loads. The driver writes a command to RELAY_WALK_OUT/command.json
// and sends SIGUSR2; the answer appears as RELAY_WALK_OUT/<n>.json (n counts the commands):
//   { "op": "take" }   the functions called since the previous take, per repo file (not node_modules, not
//                      this probe): { "relay/x.ts": [startOffset, ...] }. Taking resets V8's counters.
//   { "op": "trace", "functions": { file: [startOffset] } }   a breakpoint on each of these functions whose
//                      condition only notes its file and answers false (nothing ever pauses): the files'
//                      first calls, in order, from now on.
//   { "op": "traced" } the files in the order they were first entered since "trace"; breakpoints removed.
// A signal, not a request: asking over HTTP would itself run our code and land in the measurement.
import fs from "node:fs";
import inspector from "node:inspector/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const OUT = process.env.RELAY_WALK_OUT;
const SEEN = "__relayWalkFirstCalls";

/** The repo-relative path of a script V8 names by URL (ESM) or by file path (tsx's CommonJS), or null. */
function repoFile(url) {
  let file = url.startsWith("file://") ? fileURLToPath(url.split("?")[0]) : url.split("?")[0];
  if (!path.isAbsolute(file)) return null;
  file = path.normalize(file);
  if (file === SELF || !file.startsWith(ROOT + path.sep) || file.includes(`${path.sep}node_modules${path.sep}`))
    return null;
  return path.relative(ROOT, file).split(path.sep).join("/");
}

/** Line and column (0-based, as the debugger counts) of a character offset in `source`. */
function lineAndColumn(source, offset) {
  const before = source.slice(0, offset);
  const line = before.split("\n").length - 1;
  return { lineNumber: line, columnNumber: offset - (before.lastIndexOf("\n") + 1) };
}

async function startProbe(session) {
  await session.post("Profiler.enable");
  // detailed: false = one count per function (no block counters): cheap enough to leave on throughout.
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  const scriptIds = new Map();
  let breakpoints = [];

  const take = async () => {
    const { result } = await session.post("Profiler.takePreciseCoverage");
    const called = {};
    for (const script of result) {
      const file = repoFile(script.url);
      if (!file) continue;
      scriptIds.set(file, script.scriptId);
      for (const fn of script.functions)
        if (fn.ranges[0].count > 0) (called[file] ??= []).push(fn.ranges[0].startOffset);
    }
    return called;
  };

  const trace = async ({ functions }) => {
    globalThis[SEEN] = new Set();
    await session.post("Debugger.enable");
    for (const [file, offsets] of Object.entries(functions)) {
      const scriptId = scriptIds.get(file);
      const { scriptSource } = await session.post("Debugger.getScriptSource", { scriptId });
      const condition = `globalThis.${SEEN}.add(${JSON.stringify(file)}), false`;
      for (const offset of offsets) {
        const location = { scriptId, ...lineAndColumn(scriptSource, offset) };
        breakpoints.push((await session.post("Debugger.setBreakpoint", { location, condition })).breakpointId);
      }
    }
    // Setting breakpoints holds the event loop; the event-loop watchdog reports that stall at its next
    // 100 ms tick (naming the oldest request in flight): that is the probe's doing, not the call's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    globalThis[SEEN].clear();
    return { breakpoints: breakpoints.length };
  };

  const traced = async () => {
    for (const breakpointId of breakpoints) await session.post("Debugger.removeBreakpoint", { breakpointId });
    breakpoints = [];
    await session.post("Debugger.disable");
    const order = [...globalThis[SEEN]];
    delete globalThis[SEEN];
    return order;
  };

  const ops = { take, trace, traced };
  let answered = 0;
  const answer = async () => {
    const target = path.join(OUT, `${++answered}.json`);
    let result;
    try {
      const command = JSON.parse(fs.readFileSync(path.join(OUT, "command.json"), "utf8"));
      result = { ok: await ops[command.op](command) };
    } catch (err) {
      result = { error: String(err?.stack ?? err) }; // the driver stops with it instead of waiting
    }
    fs.writeFileSync(`${target}.tmp`, JSON.stringify(result));
    fs.renameSync(`${target}.tmp`, target); // the driver polls for the name: it must appear complete
  };
  let busy = Promise.resolve();
  process.on("SIGUSR2", () => {
    busy = busy.then(answer, answer);
  });
}

if (OUT) {
  const session = new inspector.Session();
  session.connect();
  await startProbe(session);
}
