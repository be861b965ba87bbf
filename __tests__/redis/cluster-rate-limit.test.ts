// Acceptance (issue 8): a per-user limit of N requests per minute holds across both instances
// together. ModelRequestRateLimitCount counts every request of a user (failures included) per
// ModelRequestRateLimitDurationMinutes (relay/entry/pipeline.ts), so
// 3N concurrent requests spread over A and B must give exactly N answers 200 and 2N answers 429.
import { PRICE_QUOTA, type Cluster } from "./cluster";
import { chat, startPricedCluster, statusCounts } from "./cluster-calls";
import type { ClusterUpstream } from "./cluster-upstream";

const N = 10;

let cluster: Cluster;
let up: ClusterUpstream;

beforeAll(async () => {
  ({ cluster, up } = await startPricedCluster(20, [
    ["ModelRequestRateLimitDurationMinutes", "1"],
    ["ModelRequestRateLimitCount", String(N)],
    // The success-only counter stays out of the way: this test is about the total count.
    ["ModelRequestRateLimitSuccessCount", "100000"],
    ["ModelRequestRateLimitEnabled", "true"],
  ]));
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await up?.close();
});

/** What every burst must give: exactly N answered and billed, the other 2N refused as rate limited. */
const EXACTLY_N = {
  successes: N,
  refusedWith429: 2 * N,
  rateLimitErrors: true,
  consumeLogs: N,
  billed: N * PRICE_QUOTA,
};

/** 3N requests at once with this key, alternating A and B; answers every invariant in one object. */
async function limitedBurst(key: string, tokenId: number) {
  const results = await Promise.all(
    Array.from({ length: 3 * N }, (_, i) => chat(cluster, i % 2 === 0 ? "a" : "b", key)),
  );
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 429);
  await cluster.settle();
  const [logs] = await cluster.sql<{ n: number; total: number }>(
    "select count(*) n, coalesce(sum(quota), 0) total from logs where type = 2 and tokenId = ?",
    tokenId,
  );
  return {
    statuses: statusCounts(results),
    successes: ok.length,
    refusedWith429: refused.length,
    rateLimitErrors: refused.every((r) => r.text.includes("rate_limit")),
    consumeLogs: logs!.n,
    billed: logs!.total,
  };
}

test(`N=${N} per user per minute: 3N concurrent requests over both instances give exactly N answers`, async () => {
  const token = await cluster.nodes.a.createToken({ name: "limited" });
  const outcome = await limitedBurst(token.key, token.id);
  expect(outcome).toEqual({ statuses: outcome.statuses, ...EXACTLY_N });
}, 120_000);

test("the limit is per user: another user in the same minute gets its own N, on either instance", async () => {
  const { nodes, sql } = cluster;
  const created = await nodes.b.api("POST", "/api/user/", { username: "second", password: "secondpass1" });
  expect(created.json.success).toBe(true);
  const [{ id }] = (await sql<{ id: number }>("select id from users where username = 'second'")) as [{ id: number }];
  expect((await nodes.a.api("PUT", "/api/user/", { id, quota: 10_000_000 })).json.success).toBe(true);
  const asSecond = await cluster.loginAs("a", "second", "secondpass1");
  const made = await asSecond<{ id: number; key: string }>("POST", "/api/token/", {
    name: "second",
    unlimited_quota: true,
  });
  expect(made.json.success).toBe(true);
  const outcome = await limitedBurst(made.json.data.key, made.json.data.id);
  expect(outcome).toEqual({ statuses: outcome.statuses, ...EXACTLY_N });
}, 120_000);
