// A worker that stops answering its primary (here: SIGSTOP, as a stuck event loop looks from outside)
// is killed after WORKER_HANG_TIMEOUT and replaced; the worker that answers is left alone; one stuck in
// its start (stopped before it serves) is killed after WORKER_START_TIMEOUT. The workers run with the
// primary's V8 flags (npm start's: scripts/server-flags.mjs).
import fs from "node:fs";
import http from "node:http";
import { startGateway, type Gateway } from "./gateway";
import { childPids, sendTo } from "./workers-client";

let gw: Gateway;

/** The worker processes (children of the primary). */
const workerPids = () => childPids(gw.pid);

beforeAll(async () => {
  // The primary serves and forks two workers.
  gw = await startGateway({ env: { WORKERS: "3", WORKER_HANG_TIMEOUT: "2", WORKER_START_TIMEOUT: "6" } });
  await gw.waitFor(() => workerPids().length === 2, 30_000);
  // Workers are watched once ready.
  await gw.untilProcessesAnswer(3);
}, 90_000);

afterAll(async () => {
  await gw?.stop();
});

const cmdline = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");

test("the primary forks its workers with its own V8 flags", () => {
  const flags = (pid: number) => cmdline(pid).filter((a) => a.startsWith("--"));
  expect(flags(gw.pid)).toContain("--max-semi-space-size=8");
  for (const pid of workerPids()) expect(flags(pid)).toEqual(flags(gw.pid));
});

/** Keep-alive connections (one socket each) to as many different processes as answer, up to `count`. */
async function agentsToProcesses(count: number): Promise<http.Agent[]> {
  const found = new Map<string, http.Agent>();
  for (let i = 0; i < 60 && found.size < count; i++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const r = await sendTo(gw.url, "GET", "/api/status", {}, "", agent);
    if (r.worker && !found.has(r.worker)) found.set(r.worker, agent);
    else agent.destroy();
  }
  return [...found.values()];
}

test("a worker that stops answering is killed after WORKER_HANG_TIMEOUT and replaced", async () => {
  const [victim, other] = workerPids();
  const agents = await agentsToProcesses(3);
  process.kill(victim!, "SIGSTOP");
  try {
    // A console write on a process that answers: it waits for every process to apply its cache
    // invalidation, but for the stopped one only a bounded time (bus.ts EVENT_DELIVERY_MS, 2 s).
    const alive = await Promise.all(
      agents.map(async (agent) => {
        const r = await Promise.race([
          sendTo(gw.url, "GET", "/api/status", {}, "", agent),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)),
        ]);
        return r?.status === 200 ? agent : null;
      }),
    );
    const writer = alive.find((a) => a !== null)!;
    const body = JSON.stringify({ key: "SystemName", value: "hung-worker-write" });
    const startedAt = Date.now();
    const put = await sendTo(gw.url, "PUT", "/api/option/", { cookie: gw.cookieHeader() }, body, writer);
    expect(JSON.parse(put.body)).toMatchObject({ success: true });
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    await gw.waitFor(() => {
      const pids = workerPids();
      return pids.length === 2 && !pids.includes(victim!);
    }, 20_000);
  } finally {
    try {
      process.kill(victim!, "SIGCONT");
    } catch {
      // killed, as expected
    }
  }
  expect(() => process.kill(victim!, 0)).toThrow();
  // The other one was pinged all along (the victim needed the whole timeout) and, answering, stayed.
  expect(workerPids()).toContain(other);
  expect((await gw.api("GET", "/api/status")).status).toBe(200);
  for (const agent of agents) agent.destroy();
}, 60_000);

test("a worker stuck in its start is killed after WORKER_START_TIMEOUT and replaced", async () => {
  const before = workerPids();
  process.kill(before[0]!, "SIGKILL");
  // Its replacement, stopped as soon as it exists: it never says it is ready (a start takes ~1 s).
  let stuck = 0;
  await gw.waitFor(() => {
    stuck = workerPids().find((p) => !before.includes(p)) ?? 0;
    if (stuck) process.kill(stuck, "SIGSTOP");
    return stuck > 0;
  }, 10_000);
  const stoppedAt = Date.now();
  try {
    await gw.waitFor(() => {
      const pids = workerPids();
      return pids.length === 2 && !pids.includes(stuck);
    }, 40_000); // the start deadline (6 s), then a new worker's start: slow on a loaded machine
  } finally {
    try {
      process.kill(stuck, "SIGCONT");
    } catch {
      // killed, as expected
    }
  }
  expect(() => process.kill(stuck, 0)).toThrow();
  // Not killed as hung (that watch starts at ready): at the start deadline, 6 s after its fork.
  expect(Date.now() - stoppedAt).toBeGreaterThan(4_000);
  await gw.untilProcessesAnswer(3);
}, 90_000);
