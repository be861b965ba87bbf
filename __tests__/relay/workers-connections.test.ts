// WORKERS=2: connections are shared out between the processes (server/workers/connections.ts). The
// kernel gives a new connection to whichever process accepts first; one that holds its share passes it
// on, unread, to the one with the fewest. Made deterministic by stopping one process (SIGSTOP): the
// kernel then gives every connection to the other.
import http from "node:http";
import { startGateway, type Gateway } from "./gateway";
import { childPids, sendTo, type Reply } from "./workers-client";

let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway({ env: { WORKERS: "2" } });
  await gw.waitFor(() => childPids(gw.pid).length === 1, 30_000);
  await gw.untilProcessesAnswer(2);
}, 60_000);

afterAll(async () => {
  await gw?.stop();
});

/**
 * Opens `n` keep-alive connections at once while `stopped` (a pid) cannot accept (SIGSTOP), a request on
 * each: the kernel gives them all to the other process. Once that one has answered its first request
 * (it accepted every waiting connection before reading any), the stopped one goes on. The replies.
 */
async function burstWhileStopped(stopped: number, n: number): Promise<Reply[]> {
  const agents = Array.from({ length: n }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const replies: Reply[] = [];
  process.kill(stopped, "SIGSTOP");
  try {
    const answered = (r: Reply) => {
      if (replies.push(r) === 1) process.kill(stopped, "SIGCONT");
    };
    await Promise.all(agents.map((a) => sendTo(gw.url, "GET", "/api/status", {}, "", a).then(answered)));
  } finally {
    process.kill(stopped, "SIGCONT");
    for (const a of agents) a.destroy();
  }
  return replies;
}

/** How many replies each process gave, fewest first. */
function spread(replies: Reply[]): number[] {
  const by = new Map<string, number>();
  for (const r of replies) by.set(r.worker, (by.get(r.worker) ?? 0) + 1);
  return [...by.values()].sort((a, b) => a - b);
}

test("connections that all reach one process are shared: the one that holds its share passes them on, unread", async () => {
  // The worker stopped: the primary keeps about half and passes the rest to the worker, which answers
  // them (their requests were sent at once, before the pass: nothing of them may be lost) when it runs
  // again. ~15 each on a quiet machine; passes go one at a time, and one that waited its turn over
  // 100 ms is served where it landed, so a loaded machine passes fewer, but the first always goes.
  const toWorker = await burstWhileStopped(childPids(gw.pid)[0]!, 30);
  expect(toWorker.map((r) => r.status)).toEqual(Array(30).fill(200));
  expect(spread(toWorker)).toHaveLength(2);
  // The primary stopped: the worker keeps its share and passes the rest to the primary, which places
  // them again (back to the worker beyond its own share).
  const toPrimary = await burstWhileStopped(gw.pid, 30);
  expect(toPrimary.map((r) => r.status)).toEqual(Array(30).fill(200));
  expect(spread(toPrimary)).toHaveLength(2);
}, 60_000);
