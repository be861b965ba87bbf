// Subscription plans across two instances on one PostgreSQL database and one Redis (issue 41): 200
// concurrent calls spread over both on a plan with quota for 10 pass exactly 10, and Σ logs == plan
// == user used; a quota period that ends is reset exactly once although both instances find it due at
// the same moment (a second reset after the first call of the new period would let a second call in).
import { PRICE_QUOTA, type Cluster } from "./cluster";
import { chat, startPricedCluster, statusCounts } from "./cluster-calls";
import type { ClusterUpstream } from "./cluster-upstream";

let cluster: Cluster;
let up: ClusterUpstream;

beforeAll(async () => {
  ({ cluster, up } = await startPricedCluster(20));
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await up?.close();
});

async function subscriber(name: string, plan: Record<string, unknown>) {
  const a = cluster.nodes.a;
  const made = await a.api<{ id: number }>("POST", "/api/subscription/admin/plans", {
    plan: { title: name, price_amount: 1, duration_unit: "day", duration_value: 1, ...plan },
  });
  if (!made.json.success) throw new Error(made.json.message);
  const user = await a.createUser(name);
  const bound = await a.api("POST", "/api/subscription/admin/bind", { user_id: user.id, plan_id: made.json.data.id });
  if (!bound.json.success) throw new Error(bound.json.message);
  const [sub] = await cluster.sql<{ id: number; nextResetTime: number }>(
    "select id, nextResetTime from user_subscriptions where userId = ?",
    user.id,
  );
  return { ...user, sub: sub!.id, nextReset: Number(sub!.nextResetTime) };
}

const burst = (key: string, n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => chat(cluster, i % 2 === 0 ? "a" : "b", key)));

test("200 concurrent calls over two instances on a plan with quota for 10: exactly 10 pass; Σ logs == plan == user", async () => {
  const u = await subscriber("cluster-plan10", { total_amount: 10 * PRICE_QUOTA, allow_wallet_overflow: false });
  const results = await burst(u.key, 200);
  expect(statusCounts(results)).toEqual({ 200: 10, 403: 190 });
  await cluster.settle({ consumeLogs: 10 });
  const [row] = await cluster.sql<{ logs: number; used: number; quota: number; planUsed: number }>(
    `select (select coalesce(sum(quota), 0) from logs where userId = ? and type = 2) logs,
            (select usedQuota from users where id = ?) used, (select quota from users where id = ?) quota,
            (select amountUsed from user_subscriptions where id = ?) planUsed`,
    u.id,
    u.id,
    u.id,
    u.sub,
  );
  expect(row).toEqual({ logs: 10 * PRICE_QUOTA, used: 10 * PRICE_QUOTA, quota: 0, planUsed: 10 * PRICE_QUOTA });
});

test("a period both instances find ended at once is reset exactly once", async () => {
  const u = await subscriber("cluster-periodic", {
    total_amount: PRICE_QUOTA,
    quota_reset_period: "custom",
    quota_reset_custom_seconds: 6,
  });
  expect(statusCounts(await burst(u.key, 10))).toEqual({ 200: 1, 403: 9 });
  // Wait for the boundary the database holds (a deadline, not a guess), then call on both at once.
  const deadline = Date.now() + 15_000;
  while (Date.now() / 1000 < u.nextReset && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(statusCounts(await burst(u.key, 40))).toEqual({ 200: 1, 403: 39 });
  await cluster.settle({ consumeLogs: 2 });
  const [sub] = await cluster.sql<{ quotaEpoch: number; amountUsed: number; nextResetTime: number }>(
    "select quotaEpoch, amountUsed, nextResetTime from user_subscriptions where id = ?",
    u.sub,
  );
  expect(sub).toEqual({ quotaEpoch: 1, amountUsed: PRICE_QUOTA, nextResetTime: u.nextReset + 6 });
  const [sum] = await cluster.sql<{ total: number }>(
    "select coalesce(sum(quota), 0) total from logs where userId = ? and type = 2",
    u.id,
  );
  expect(sum!.total).toBe(2 * PRICE_QUOTA);
});
