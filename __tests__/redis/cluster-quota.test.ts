// Acceptance (issue 8): 500 concurrent requests spread over two instances against quota for 50 are
// never overdrawn and Σ consume logs == quota consumed; /metrics on both instances adds up to the
// consume logs. Each request costs exactly PRICE_QUOTA (ModelPrice), so "quota for 50" is exact.
// Each instance runs WORKERS=2 (its primary and a worker, each an instance of its own towards Redis;
// issue 21): four processes spend one balance, and each instance's /metrics sums its two.
import { PRICE_QUOTA, type Cluster } from "./cluster";
import { chat, startPricedCluster, statusCounts, sumMetric } from "./cluster-calls";
import type { ClusterUpstream } from "./cluster-upstream";

/** The metric names the gateway exports (one place, so they can be aligned with lib/server/metrics). */
const METRICS = {
  billedRequests: "gateway_billed_requests_total",
  quotaConsumed: "gateway_quota_consumed_total",
};

const CONCURRENT = 500;
const AFFORDABLE = 50;
const QUOTA_FOR_50 = AFFORDABLE * PRICE_QUOTA;

let cluster: Cluster;
let up: ClusterUpstream;

beforeAll(async () => {
  // A short upstream delay keeps hundreds of requests in flight on both instances at once.
  ({ cluster, up } = await startPricedCluster(20, [], { WORKERS: "2" }));
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await up?.close();
});

/** 500 requests at once, even requests to A and odd ones to B; samples `watch` meanwhile. */
async function burst(key: string, watch: () => Promise<number>) {
  let lowest = Infinity;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      lowest = Math.min(lowest, await watch());
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const results = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => chat(cluster, i % 2 === 0 ? "a" : "b", key)),
  );
  done = true;
  await sampler;
  return { results, lowest };
}

type UserRow = { id: number; quota: number; usedQuota: number };
type LogSum = { n: number; total: number };

/** Consume logs in the whole database (settled ones: call between bursts). */
const consumeLogCount = async () =>
  (await cluster.sql<{ n: number }>("select count(*) n from logs where type = 2"))[0]!.n;

const userRow = async (id: number) =>
  (await cluster.sql<UserRow>("select id, quota, usedQuota from users where id = ?", id))[0]!;

/**
 * Fires the burst with `key`, settles, and compares every invariant at once (one diff shows all of
 * them): `balance` reads the limited balance (token remain or user quota) that starts at 50 requests.
 */
async function expectNeverOverdrawn(opts: {
  key: string;
  user: UserRow;
  tokenId: number;
  balance: () => Promise<number>;
  refusals: number[];
}) {
  const { sql } = cluster;
  const logsBefore = await consumeLogCount();
  const { results, lowest } = await burst(opts.key, opts.balance);
  const ok = results.filter((r) => r.status === 200);
  await cluster.settle({ consumeLogs: logsBefore + ok.length });

  const finalBalance = await opts.balance();
  const after = await userRow(opts.user.id);
  const [token] = await sql<{ remainQuota: number; usedQuota: number }>(
    "select remainQuota, usedQuota from tokens where id = ?",
    opts.tokenId,
  );
  const logs = (
    await sql<LogSum>(
      "select count(*) n, coalesce(sum(quota), 0) total from logs where type = 2 and tokenId = ?",
      opts.tokenId,
    )
  )[0]!;
  const logged = await sql<{ requestId: string }>(
    "select requestId from logs where type = 2 and tokenId = ?",
    opts.tokenId,
  );
  const unexpected = results.filter((r) => r.status !== 200 && !opts.refusals.includes(r.status));
  const loggedIds = new Set(logged.map((r) => r.requestId));
  const okIds = new Set(ok.map((r) => r.requestId));
  const onNode = (node: "a" | "b") => results.filter((r) => r.node === node);
  const actual = {
    // Context for a failure (compared to themselves): answers and the first refusal per instance.
    answersOnA: statusCounts(onNode("a")),
    answersOnB: statusCounts(onNode("b")),
    firstRefusalOnA:
      onNode("a")
        .find((r) => r.status !== 200)
        ?.text.slice(0, 160) ?? null,
    firstRefusalOnB:
      onNode("b")
        .find((r) => r.status !== 200)
        ?.text.slice(0, 160) ?? null,
    successes: ok.length,
    servedByBothInstances: ok.some((r) => r.node === "a") && ok.some((r) => r.node === "b"),
    unexpectedAnswers: unexpected.slice(0, 3).map((r) => `${r.node} ${r.status} ${r.text.slice(0, 200)}`),
    lowestBalanceSeen: Math.min(lowest, finalBalance),
    consumeLogs: logs.n,
    loggedQuota: logs.total,
    balanceConsumed: QUOTA_FOR_50 - finalBalance,
    tokenUsedQuota: token!.usedQuota,
    userQuotaDrop: opts.user.quota - after.quota,
    userUsedQuotaRise: after.usedQuota - opts.user.usedQuota,
    answersWithoutConsumeLog: ok.filter((r) => !loggedIds.has(r.requestId)).length,
    consumeLogsWithoutAnswer: logged.filter((r) => !okIds.has(r.requestId)).length,
  };
  // Exactly what was paid for: fixed price, an upstream that never fails, so nothing paid for is
  // refused either; every other answer is a quota refusal (not a crash, not an unreachable Redis).
  expect(actual).toEqual({
    answersOnA: actual.answersOnA,
    answersOnB: actual.answersOnB,
    firstRefusalOnA: actual.firstRefusalOnA,
    firstRefusalOnB: actual.firstRefusalOnB,
    successes: AFFORDABLE,
    servedByBothInstances: true,
    unexpectedAnswers: [],
    lowestBalanceSeen: Math.max(0, actual.lowestBalanceSeen),
    consumeLogs: ok.length,
    loggedQuota: ok.length * PRICE_QUOTA,
    balanceConsumed: logs.total,
    tokenUsedQuota: logs.total,
    userQuotaDrop: logs.total,
    userUsedQuotaRise: logs.total,
    answersWithoutConsumeLog: 0,
    consumeLogsWithoutAnswer: 0,
  });
}

test("a token with quota for 50: 500 concurrent requests over both instances are never overdrawn", async () => {
  const { sql, nodes } = cluster;
  const [root] = await sql<UserRow>("select id, quota, usedQuota from users where username = 'root'");
  const token = await nodes.a.createToken({ name: "fifty", unlimited_quota: false, remain_quota: QUOTA_FOR_50 });
  await expectNeverOverdrawn({
    key: token.key,
    user: root!,
    tokenId: token.id,
    balance: async () =>
      (await sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", token.id))[0]!.remainQuota,
    refusals: [401, 403],
  });
}, 180_000);

test("a user with quota for 50 and an unlimited token: 500 concurrent requests are never overdrawn", async () => {
  const { sql, nodes } = cluster;
  const created = await nodes.a.api("POST", "/api/user/", { username: "fifty", password: "fiftypass1" });
  expect(created.json.success).toBe(true);
  const [{ id }] = (await sql<{ id: number }>("select id from users where username = 'fifty'")) as [{ id: number }];
  // Set through B: an admin write on either instance.
  const quota = await nodes.b.api("PUT", "/api/user/", { id, quota: QUOTA_FOR_50 });
  expect(quota.json.success).toBe(true);
  const asUser = await cluster.loginAs("b", "fifty", "fiftypass1");
  const made = await asUser<{ id: number; key: string }>("POST", "/api/token/", {
    name: "unlimited",
    unlimited_quota: true,
  });
  expect(made.json.success).toBe(true);
  await expectNeverOverdrawn({
    key: made.json.data.key,
    user: await userRow(id),
    tokenId: made.json.data.id,
    balance: async () => (await userRow(id)).quota,
    refusals: [403],
  });
}, 180_000);

test("/metrics of both instances adds up to the consume logs (after a mixed load)", async () => {
  const { nodes } = cluster;
  // Mixed: streamed and plain requests on both instances, plus refusals that must not count.
  const token = await nodes.b.createToken({ name: "mixed" });
  const logsBefore = await consumeLogCount();
  const calls = [];
  for (let i = 0; i < 40; i++) {
    const node = i % 2 === 0 ? "a" : "b";
    calls.push(
      chat(cluster, node, token.key, i % 4 < 2 ? { stream: true, stream_options: { include_usage: true } } : {}),
    );
    if (i % 10 === 0) calls.push(chat(cluster, node, token.key, { model: "no-such-model" }));
    if (i % 10 === 5) calls.push(chat(cluster, node, "sk-not-a-token"));
  }
  const results = await Promise.all(calls);
  expect(results.filter((r) => r.status === 200)).toHaveLength(40);
  await cluster.settle({ consumeLogs: logsBefore + 40 });
  const [logs] = await cluster.sql<LogSum>("select count(*) n, coalesce(sum(quota), 0) total from logs where type = 2");

  let billed = 0;
  let quota = 0;
  for (const name of ["a", "b"] as const) {
    const res = await cluster.scrape(name);
    expect({ node: name, status: res.status }).toEqual({ node: name, status: 200 });
    const text = await res.text();
    const n = sumMetric(text, METRICS.billedRequests);
    const q = sumMetric(text, METRICS.quotaConsumed);
    expect({ node: name, [METRICS.billedRequests]: n !== null, [METRICS.quotaConsumed]: q !== null }).toEqual({
      node: name,
      [METRICS.billedRequests]: true,
      [METRICS.quotaConsumed]: true,
    });
    billed += n!;
    quota += q!;
  }
  expect({ billed, quota }).toEqual({ billed: logs!.n, quota: logs!.total });
}, 120_000);

test("/metrics refuses a scrape without the bearer token or with a wrong one", async () => {
  for (const auth of [null, "Bearer wrong-token", `Basic ${cluster.metricsToken}`]) {
    const res = await cluster.scrape("a", auth);
    expect([401, 403]).toContain(res.status);
    expect(await res.text()).not.toContain(METRICS.billedRequests);
  }
});
