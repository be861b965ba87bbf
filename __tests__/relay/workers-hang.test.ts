// A worker that stops answering its primary (here: SIGSTOP, as a stuck event loop looks from outside)
// is killed after WORKER_HANG_TIMEOUT and replaced; the worker that answers is left alone. The primary
// runs with npm start's primary flags: its workers get the server's young generation.
import fs from "node:fs";
import { startGateway, type Gateway } from "./gateway";

let gw: Gateway;

/** The worker processes (children of the primary). */
function workerPids(): number[] {
  const raw = fs.readFileSync(`/proc/${gw.pid}/task/${gw.pid}/children`, "utf8").trim();
  return raw ? raw.split(/\s+/).map(Number) : [];
}

beforeAll(async () => {
  // The primary with its own small young generation, as npm start runs it (scripts/server-flags.mjs).
  gw = await startGateway({ env: { WORKERS: "2", WORKER_HANG_TIMEOUT: "2" }, semiSpaceMb: 1 });
  await gw.waitFor(() => workerPids().length === 2, 30_000);
}, 60_000);

afterAll(async () => {
  await gw?.stop();
});

const cmdline = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");

test("the primary runs with a 1 MB young generation and forks its workers with the server's 8 MB", () => {
  expect(cmdline(gw.pid)).toContain("--max-semi-space-size=1");
  for (const pid of workerPids()) {
    expect(cmdline(pid)).toContain("--max-semi-space-size=8");
    expect(cmdline(pid)).not.toContain("--max-semi-space-size=1");
  }
});

test("a worker that stops answering is killed after WORKER_HANG_TIMEOUT and replaced", async () => {
  const [victim, other] = workerPids();
  process.kill(victim!, "SIGSTOP");
  try {
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
}, 60_000);
