// The walk of a relayed call: every file of ours whose code runs for one request, measured, and the order
// the call first enters them.
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
// function that ran in idle windows is left out, and a function counts only when every measured run called
// it (a timer that fired in one run only is not the call's).
// Coverage counts calls, it does not order them: one more call then runs with a breakpoint on each of the
// walk's functions whose condition only notes the file (nothing pauses), which gives the order in which
// the call first enters each file, exactly. The files are listed twice: in stage order
// (scripts/relay-walk-stages.mjs: what docs/architecture.md's walk sections follow, held to this output by
// __tests__/relay/relay-walk.test.ts), and in that call order, with the stage folders it passes through.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { tsImport } from "tsx/esm/api";
import { freePort, setUp, startServer, until } from "./relay-walk-gateway.mjs";
import { firstStageReturn, folderSequence, inListingOrder, stageReturns, stageSequence } from "./relay-walk-stages.mjs";

/** How long an idle window lasts: several ticks of every sub-second timer the gateway runs. */
const IDLE_WINDOW_MS = 1_000;

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  const value = i === -1 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`relay-walk: ${name} takes a whole number >= 1`);
  return value;
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

/** The walk's functions: those every one of `runs` measured calls ran, the idle ones left out, per file. */
async function walkFunctions(server, db, walk, runs, idle) {
  let keys = null;
  for (let i = 0; i < runs; i++) {
    await server.take();
    await callOnce(server, db, walk);
    const run = new Set(functionKeys(await server.take()).filter((k) => !idle.has(k)));
    keys = keys ? new Set([...keys].filter((k) => run.has(k))) : run;
  }
  const functions = {};
  for (const key of keys) {
    const at = key.lastIndexOf(":");
    (functions[key.slice(0, at)] ??= []).push(Number(key.slice(at + 1)));
  }
  return functions;
}

/**
 * The walk's files in the order one more call first enters them: a breakpoint on each of the walk's
 * functions that only notes its file (the probe's "trace"). Exact and deterministic, where sampling is not.
 */
async function firstCallOrder(server, db, walk, functions) {
  await server.ask({ op: "trace", functions });
  const failed = await callOnce(server, db, walk).then(
    () => null,
    (err) => err,
  );
  const order = await server.ask({ op: "traced" }); // breakpoints off again, whatever the call did
  if (failed) throw failed;
  return order;
}

async function measure(server, db, walk, runs, idle) {
  const functions = await walkFunctions(server, db, walk, runs, idle);
  const files = inListingOrder(Object.keys(functions));
  const callOrder = await firstCallOrder(server, db, walk, functions);
  return {
    name: walk.name,
    title: walk.title,
    count: files.length,
    files,
    folders: folderSequence(files),
    callOrder,
    callFolders: folderSequence(callOrder),
    callStages: stageSequence(callOrder),
    stageReturns: stageReturns(stageSequence(callOrder)),
    firstStageReturn: firstStageReturn(callOrder),
  };
}

async function main() {
  const runs = option("--runs", 3);
  const warmups = option("--warmups", 3);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "relay-walk-"));
  const probeDir = path.join(work, "probe");
  fs.mkdirSync(probeDir);
  const here = import.meta.url;
  const [{ copySqliteTemplate }, { startMockUpstream }, { startMockGemini }] = await Promise.all([
    tsImport("../test-support/db-template.ts", here),
    tsImport("../test-support/upstream/mock-upstream.ts", here),
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
    const out = (line) => process.stdout.write(`${line}\n`);
    out(`\n${w.name}: ${w.title}\n${w.count} files, in stage order:`);
    w.files.forEach((f, i) => out(`${String(i + 1).padStart(3)}. ${f}`));
    out(`\nin the order the call first enters them:`);
    w.callOrder.forEach((f, i) => out(`${String(i + 1).padStart(3)}. ${f}`));
    out(`folders: ${w.callFolders.join(" → ")}`);
    out(`stages: ${w.callStages.join(" → ")}`);
    out(
      w.firstStageReturn
        ? `${w.stageReturns} returns to an earlier stage, the first at ${w.firstStageReturn}`
        : "forward only",
    );
  }
