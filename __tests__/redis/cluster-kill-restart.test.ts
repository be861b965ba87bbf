// Acceptance (issue 8): kill -9 of one instance under load — the other keeps serving; after the
// restart, no request that finished more than 1 s before the kill is unbilled, and none is billed
// twice. Clients identify each request by its X-Request-Id answer header (logs.requestId).
import type { Cluster } from "./cluster";
import { chat, startPricedCluster, statusCounts, type ChatResult } from "./cluster-calls";
import type { ClusterUpstream } from "./cluster-upstream";

const CLIENTS = 20;
/** Load before the kill: long enough that many requests finished more than 1 s before it. */
const BEFORE_KILL_MS = 2500;
/** Load after the kill, on the surviving instance (and refused connections on the dead one). */
const AFTER_KILL_MS = 1500;
const BILLED_BEFORE_KILL_MS = 1000;

let cluster: Cluster;
let up: ClusterUpstream;

beforeAll(async () => {
  // Upstream latency keeps requests in flight on A at the moment it dies.
  ({ cluster, up } = await startPricedCluster(30));
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await up?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("kill -9 of A under load: B keeps serving, finished requests are billed once", async () => {
  const token = await cluster.nodes.a.createToken({ name: "load" });
  // Both instances have served once (caches, connections) before the load: the test is about a
  // running cluster, its cold start is covered by the other cluster tests.
  for (const node of ["a", "b"] as const) expect((await chat(cluster, node, token.key)).status).toBe(200);
  const results: ChatResult[] = [];
  let running = true;
  // Half the clients use A, half B; a client of the dead A keeps trying (paced, refused connections
  // are instant), so "requests to A fail after the kill" is measured, not assumed.
  const clients = Array.from({ length: CLIENTS }, async (_, i) => {
    const node = i % 2 === 0 ? "a" : "b";
    while (running) {
      const r = await chat(cluster, node, token.key);
      results.push(r);
      if (r.status !== 200) await sleep(25);
    }
  });

  const loadStart = Date.now();
  const okOn = (node: "a" | "b", after = 0) =>
    results.filter((r) => r.node === node && r.status === 200 && r.startedAt >= after).length;
  // Steady load on both first (bounded: a machine too slow to serve it fails here, visibly).
  for (let i = 0; Date.now() - loadStart < BEFORE_KILL_MS || okOn("a") < 20 || okOn("b") < 20; i++) {
    if (i > 600) throw new Error(`no steady load within 30 s: ${JSON.stringify(statusCounts(results))}`);
    await sleep(50);
  }
  const killAt = Date.now();
  await cluster.kill("a");
  for (let i = 0; Date.now() - killAt < AFTER_KILL_MS || okOn("b", killAt) < 10; i++) {
    if (i > 600) throw new Error(`B served ${okOn("b", killAt)} requests in 30 s after the kill`);
    await sleep(50);
  }
  running = false;
  await Promise.all(clients);

  await cluster.start("a");
  const mustBeBilled = results.filter(
    (r) => r.status === 200 && (r.node === "b" || r.endedAt < killAt - BILLED_BEFORE_KILL_MS),
  );
  await cluster.settle({ consumeLogs: mustBeBilled.length + 2, tokenId: token.id });

  const logged = await cluster.sql<{ requestId: string; n: number }>(
    "select requestId, count(*) n from logs where type = 2 and tokenId = ? group by requestId",
    token.id,
  );
  const billedTimes = new Map(logged.map((r) => [r.requestId, r.n]));
  const onB = results.filter((r) => r.node === "b");
  const onAAfterKill = results.filter((r) => r.node === "a" && r.startedAt > killAt);
  const okOnA = results.filter((r) => r.node === "a" && r.status === 200);
  const outcome = {
    // Context for a failure (compared to itself): how much of A's work reached the database at all.
    billedOfAnsweredOnA: `${okOnA.filter((r) => billedTimes.has(r.requestId)).length}/${okOnA.length}`,
    // The requests the acceptance is about: answered by A more than 1 s before it died.
    finishedOnABeforeKill: results.filter(
      (r) => r.node === "a" && r.status === 200 && r.endedAt < killAt - BILLED_BEFORE_KILL_MS,
    ).length,
    // B answered every request, before, during and after the kill.
    failedOnB: onB.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.text.slice(0, 120)}`),
    // A answered nothing once dead.
    answeredByDeadA: onAAfterKill.filter((r) => r.status !== 0).length,
    unbilled: mustBeBilled
      .filter((r) => !billedTimes.has(r.requestId))
      .map((r) => `${r.node}:${r.requestId} ended ${killAt - r.endedAt} ms before the kill`)
      .slice(0, 10),
    billedTwice: logged
      .filter((r) => r.n > 1)
      .map((r) => `${r.requestId} x${r.n}`)
      .slice(0, 10),
    withoutRequestId: logged.filter((r) => !r.requestId).length,
  };
  expect(outcome).toEqual({
    billedOfAnsweredOnA: outcome.billedOfAnsweredOnA,
    finishedOnABeforeKill: outcome.finishedOnABeforeKill,
    failedOnB: [],
    answeredByDeadA: 0,
    unbilled: [],
    billedTwice: [],
    withoutRequestId: 0,
  });
  expect(outcome.finishedOnABeforeKill).toBeGreaterThan(0);
  expect(onAAfterKill.length).toBeGreaterThan(0);

  // The restarted A serves and bills again.
  const again = await chat(cluster, "a", token.key);
  expect(again.status).toBe(200);
  await cluster.settle({ consumeLogs: mustBeBilled.length + 3, tokenId: token.id });
  const [row] = await cluster.sql<{ n: number }>(
    "select count(*) n from logs where type = 2 and requestId = ?",
    again.requestId,
  );
  expect(row!.n).toBe(1);
}, 180_000);
