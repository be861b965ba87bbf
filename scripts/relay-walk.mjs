// The walk of a relayed call: every file of ours whose code runs for one request, measured.
//
//   node scripts/relay-walk.mjs [--json] [--runs N] [--warmups N]
//
// Starts the gateway from its sources (`npm run dev`'s server command, under tsx) with
// scripts/relay-walk-probe.mjs preloaded (V8 precise coverage in-process, one call count per function), on
// a fresh copy of the tests' SQLite template, with the relay tests' loopback mock upstreams as channels.
// Two walks: (a) the benchmark's request, a streamed POST /v1/chat/completions on an OpenAI channel; (b) a
// converted call, a streamed POST /v1/messages (Anthropic client) on a Gemini channel. Each is sent a few
// times first (lazy imports, caches and JIT warm-up are not the walk), then measured: counters reset, one
// request read to its end, then a wait until its log row is in the database (the settlement and the
// bookkeeping flush after the answer are part of the walk), counters taken.
// Work the gateway does on its own (the event-loop watchdog's 100 ms tick, ...) is not the walk: every
// function that ran in idle windows as long as the measured ones is left out, and a file counts only when
// every measured run called it (a timer that fired in one run only is not the call's).
// The output lists the files in stage order (scripts/relay-walk-stages.mjs), not call order: coverage
// counts calls, it does not order them. docs/architecture.md's walk sections are held to this output by
// __tests__/relay/relay-walk.test.ts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { tsImport } from "tsx/esm/api";
import { folderSequence, inListingOrder } from "./relay-walk-stages.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEADLINE_MS = 60_000;
/** How long an idle window lasts: several ticks of every sub-second timer the gateway runs. */
const IDLE_WINDOW_MS = 1_000;

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

async function until(what, condition) {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`relay-walk: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The dev script's server command (package.json "dev", after its database step), the probe preloaded first. */
function serverArgs() {
  const dev = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.dev;
  const command = dev.split("&&").at(-1).trim().split(/\s+/);
  if (command[0] !== "node") throw new Error(`relay-walk: unexpected dev script: ${dev}`);
  return ["--import", "./scripts/relay-walk-probe.mjs", ...command.slice(1)];
}

async function startServer(dataDir, probeDir, port) {
  const env = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    SHUTDOWN_TIMEOUT: "3",
    NEXT_TELEMETRY_DISABLED: "1",
    TASK_POLL_INTERVAL_MS: "3600000", // no task polling inside a measured window
    RELAY_WALK_OUT: probeDir,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await until("the gateway to start", async () => {
    if (child.exitCode !== null) throw new Error(`relay-walk: the gateway exited: ${stderr}`);
    return fetch(`${url}/api/status`).then(
      (r) => r.ok,
      () => false,
    );
  });
  let taken = 0;
  /** The functions called since the last take, per file ({ file: [startOffset] }). */
  const take = async () => {
    const file = path.join(probeDir, `${++taken}.json`);
    child.kill("SIGUSR2");
    await until("the probe's coverage", () => fs.existsSync(file));
    return JSON.parse(fs.readFileSync(file, "utf8"));
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return { url, take, stop };
}

async function freePort() {
  const net = await import("node:net");
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Root account, prices, the two channels and a token, through /api as an administrator would. */
async function setUp(url, mocks) {
  let cookie = "";
  const api = async (method, p, body) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    cookie = res.headers.get("set-cookie")?.split(";")[0] ?? cookie;
    const json = await res.json();
    if (!json.success) throw new Error(`relay-walk: ${method} ${p}: ${json.message}`);
    return json.data;
  };
  const root = { username: "root", password: "rootpass123" };
  await api("POST", "/api/setup", { ...root, confirmPassword: root.password });
  await api("POST", "/api/user/login", root);
  await api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "gpt-4o-mini": 1, "gemini-2.5-flash": 2 }),
  });
  await api("POST", "/api/channel/", {
    name: "openai",
    type: 1,
    group: "default",
    key: "o-key",
    base_url: mocks.openai.url,
    models: "gpt-4o-mini",
  });
  await api("POST", "/api/channel/", {
    name: "gemini",
    type: 24, // Google Gemini (lib/vendor-entries/core.ts)
    group: "default",
    key: "g-key",
    base_url: mocks.gemini.url,
    models: "gemini-2.5-flash",
  });
  return (await api("POST", "/api/token/", { name: "walk", unlimited_quota: true })).key;
}

/** The two walks: the request, and the text its stream must end with. */
function walks(key) {
  return [
    {
      name: "openai-stream",
      title: "streamed POST /v1/chat/completions on an OpenAI channel (type 1)",
      path: "/v1/chat/completions",
      headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" },
      // ../shared/bench/sse-bench.js's request
      body: {
        model: "gpt-4o-mini",
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: "user", content: "Say hi" }],
        max_tokens: 32,
      },
      ends: "data: [DONE]",
    },
    {
      name: "anthropic-to-gemini",
      title: "streamed POST /v1/messages (Anthropic client) on a Gemini channel (type 24)",
      path: "/v1/messages",
      headers: { "x-api-key": key, "anthropic-version": "2023-06-01", accept: "text/event-stream" },
      body: {
        model: "gemini-2.5-flash",
        stream: true,
        max_tokens: 32,
        messages: [{ role: "user", content: "Say hi" }],
      },
      ends: "event: message_stop",
    },
  ];
}

async function send(url, walk) {
  const res = await fetch(`${url}${walk.path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...walk.headers },
    body: JSON.stringify(walk.body),
  });
  const text = await res.text();
  if (res.status !== 200 || !text.trimEnd().includes(walk.ends))
    throw new Error(`relay-walk: ${walk.name} answered ${res.status}: ${text.slice(0, 500)}`);
}

/** The function keys ("file:offset") in a take. */
function functionKeys(called) {
  return Object.entries(called).flatMap(([file, offsets]) => offsets.map((o) => `${file}:${o}`));
}

/** One call of the walk, read to its end, then until its log row is in the database. */
async function callOnce(server, db, walk) {
  const logCount = () => db.prepare("select count(*) n from logs").get().n;
  const before = logCount();
  await send(server.url, walk);
  await until(`${walk.name}'s log row`, () => logCount() > before);
}

/** The functions the gateway runs on its own: every one called in `windows` idle windows. */
async function idleFunctions(server, windows) {
  const idle = new Set();
  await server.take();
  for (let i = 0; i < windows; i++) {
    await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
    for (const k of functionKeys(await server.take())) idle.add(k);
  }
  return idle;
}

/** The files every one of `runs` measured calls ran a function of (the idle ones left out). */
async function measure(server, db, walk, runs, idle) {
  let files = null;
  for (let i = 0; i < runs; i++) {
    await server.take();
    await callOnce(server, db, walk);
    const called = await server.take();
    const run = new Set(Object.keys(called).filter((file) => called[file].some((o) => !idle.has(`${file}:${o}`))));
    files = files ? new Set([...files].filter((f) => run.has(f))) : run;
  }
  const ordered = inListingOrder(files);
  return { name: walk.name, title: walk.title, count: ordered.length, files: ordered, folders: folderSequence(ordered) };
}

async function main() {
  const runs = option("--runs", 3);
  const warmups = option("--warmups", 3);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "relay-walk-"));
  const probeDir = path.join(work, "probe");
  fs.mkdirSync(probeDir);
  const here = import.meta.url;
  const [{ copySqliteTemplate }, { startMockUpstream }, { startMockGemini }] = await Promise.all([
    tsImport("../__tests__/support/db-template.ts", here),
    tsImport("../__tests__/relay/mock-upstream.ts", here),
    tsImport("../__tests__/relay/mock-gemini.ts", here),
  ]);
  await copySqliteTemplate(path.join(work, "gateway.db"));
  const mocks = { openai: await startMockUpstream(), gemini: await startMockGemini() };
  const server = await startServer(work, probeDir, await freePort());
  let db = null;
  try {
    const key = await setUp(server.url, mocks);
    db = new Database(path.join(work, "gateway.db"), { readonly: true, fileMustExist: true });
    for (const walk of walks(key)) for (let i = 0; i < warmups; i++) await callOnce(server, db, walk);
    const idle = await idleFunctions(server, 2);
    const results = [];
    for (const walk of walks(key)) results.push(await measure(server, db, walk, runs, idle));
    return results;
  } finally {
    db?.close();
    await server.stop();
    await Promise.all([mocks.openai.close(), mocks.gemini.close()]);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const results = await main();
if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ walks: results }, null, 2)}\n`);
else
  for (const w of results) {
    process.stdout.write(`\n${w.name}: ${w.title}\n${w.count} files\n`);
    w.files.forEach((f, i) => process.stdout.write(`${String(i + 1).padStart(3)}. ${f}\n`));
    process.stdout.write(`folders: ${w.folders.join(" → ")}\n`);
  }
