// Relay calls paid by subscription plans (issue 41), through the real server and a loopback upstream:
// 100 concurrent calls on a plan with quota for 10 pass exactly 10 and Σ logs == plan == user used;
// the wallet pays on only when the plan allows it; every log says who paid; a quota period that ends
// resets the plan before the next call is decided. Each call costs exactly PRICE_QUOTA (ModelPrice).
// The first two run on one process and with WORKERS=2 (the primary holds the plans; workers' wallet
// allowances must never pay what a plan should).
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

const MODEL = "m-plan";
const PRICE_QUOTA = 1000; // ModelPrice 0.002 USD x 500000 quota per USD

let gw: Gateway;
let up: MockUpstream;

async function start(env: Record<string, string>): Promise<void> {
  up = await startMockUpstream();
  gw = await startGateway({ env });
  if (env.WORKERS) await gw.untilProcessesAnswer(Number(env.WORKERS));
  await gw.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ [MODEL]: 0.002 }) });
  await gw.createChannel({ name: "main", key: "sk-up", base_url: up.url, models: MODEL });
}

async function stop(): Promise<void> {
  await gw?.stop();
  await up?.close();
}

async function plan(fields: Record<string, unknown>): Promise<number> {
  const res = await gw.api<{ id: number }>("POST", "/api/subscription/admin/plans", {
    plan: { title: "Pro", price_amount: 1, duration_unit: "day", duration_value: 1, ...fields },
  });
  if (!res.json.success) throw new Error(res.json.message);
  return res.json.data.id;
}

async function subscriber(name: string, planId: number, wallet = 0): Promise<{ id: number; key: string; sub: number }> {
  const user = await gw.createUser(name, wallet);
  const bound = await gw.api("POST", "/api/subscription/admin/bind", { user_id: user.id, plan_id: planId });
  if (!bound.json.success) throw new Error(bound.json.message);
  const [row] = await gw.sql<{ id: number }>("select id from user_subscriptions where userId = ?", user.id);
  return { ...user, sub: row!.id };
}

const chat = (key: string) =>
  fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "hi" }] }),
  }).then(async (r) => ({ status: r.status, body: await r.text(), requestId: r.headers.get("x-request-id") ?? "" }));

type Other = Record<string, unknown>;
async function logsOf(userId: number): Promise<{ quota: number; other: Other }[]> {
  const rows = await gw.sql<{ quota: number; other: string }>(
    "select quota, other from logs where userId = ? and type = 2 order by id",
    userId,
  );
  return rows.map((r) => ({ quota: Number(r.quota), other: JSON.parse(r.other) as Other }));
}

async function balances(userId: number, sub: number) {
  const [u] = await gw.sql<{ quota: number; usedQuota: number }>(
    "select quota, usedQuota from users where id = ?",
    userId,
  );
  const [s] = await gw.sql<{ amountUsed: number; quotaEpoch: number }>(
    "select amountUsed, quotaEpoch from user_subscriptions where id = ?",
    sub,
  );
  return { quota: Number(u!.quota), used: Number(u!.usedQuota), planUsed: Number(s!.amountUsed), epoch: s!.quotaEpoch };
}

describe.each([
  ["one process", {}],
  ["WORKERS=2", { WORKERS: "2" }],
])("%s", (_name, env: Record<string, string>) => {
  beforeAll(() => start(env), 180_000);
  afterAll(stop);

  test("100 concurrent calls on a plan with quota for 10: exactly 10 pass; Σ logs == plan == user used; the wallet is untouched", async () => {
    const planId = await plan({ title: "Ten calls", total_amount: 10 * PRICE_QUOTA, allow_wallet_overflow: false });
    const u = await subscriber("plan10", planId);
    const results = await Promise.all(Array.from({ length: 100 }, () => chat(u.key)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(new Set(refused.map((r) => r.status))).toEqual(new Set([403]));
    expect(JSON.parse(refused[0]!.body).error.code).toBe("insufficient_user_quota");
    await gw.waitFor(async () => (await logsOf(u.id)).length === 10);
    await gw.settle();
    const logs = await logsOf(u.id);
    const sum = logs.reduce((s, l) => s + l.quota, 0);
    expect(sum).toBe(10 * PRICE_QUOTA);
    expect(await balances(u.id, u.sub)).toEqual({ quota: 0, used: sum, planUsed: sum, epoch: 0 });
    for (const l of logs)
      expect(l.other).toMatchObject({
        billing_source: "subscription",
        subscription_id: u.sub,
        subscription_plan_id: planId,
        subscription_plan_title: "Ten calls",
        subscription_consumed: PRICE_QUOTA,
        subscription_total: 10 * PRICE_QUOTA,
        wallet_quota_deducted: 0,
      });
    expect(logs.map((l) => l.other.subscription_used).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 10 }, (_, i) => (i + 1) * PRICE_QUOTA),
    );
  });

  test("the wallet pays on when the plan allows it, and the logs say which paid", async () => {
    const planId = await plan({ title: "Two calls", total_amount: 2 * PRICE_QUOTA, allow_wallet_overflow: true });
    const u = await subscriber("overflow", planId, 3 * PRICE_QUOTA);
    const calls: Awaited<ReturnType<typeof chat>>[] = [];
    for (let i = 0; i < 6; i++) calls.push(await chat(u.key));
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200, 200, 403]);
    await gw.waitFor(async () => (await logsOf(u.id)).length === 5);
    await gw.settle();
    // In the calls' order (with workers, logs may be written in another order than the calls ended).
    const rows = await gw.sql<{ requestId: string; other: string }>(
      "select requestId, other from logs where userId = ? and type = 2",
      u.id,
    );
    const paidBy = new Map(rows.map((r) => [r.requestId, (JSON.parse(r.other) as Other).billing_source]));
    expect(calls.slice(0, 5).map((c) => paidBy.get(c.requestId))).toEqual([
      "subscription",
      "subscription",
      "wallet",
      "wallet",
      "wallet",
    ]);
    expect(await balances(u.id, u.sub)).toEqual({
      quota: 0,
      used: 5 * PRICE_QUOTA,
      planUsed: 2 * PRICE_QUOTA,
      epoch: 0,
    });
  });
});

describe("one process", () => {
  beforeAll(() => start({}), 180_000);
  afterAll(stop);

  test("the caller's billing preference decides: wallet_only leaves the plan alone, subscription_first spends it", async () => {
    const planId = await plan({ title: "Root's", total_amount: 5 * PRICE_QUOTA });
    const self = await gw.api<{ id: number }>("GET", "/api/user/self");
    const rootId = self.json.data.id;
    expect(
      (await gw.api("POST", "/api/subscription/admin/bind", { user_id: rootId, plan_id: planId })).json.success,
    ).toBe(true);
    const token = await gw.createToken();
    const sources: unknown[] = [];
    for (const pref of ["wallet_only", "subscription_first"]) {
      const set = await gw.api("PUT", "/api/subscription/self/preference", { billing_preference: pref });
      expect(set.json.success).toBe(true);
      expect((await chat(token.key)).status).toBe(200);
      await gw.waitFor(
        async () =>
          (await gw.sql("select 1 from logs where tokenId = ? and type = 2", token.id)).length === sources.length + 1,
      );
      const rows = await gw.sql<{ other: string }>(
        "select other from logs where tokenId = ? and type = 2 order by id",
        token.id,
      );
      sources.push((JSON.parse(rows.at(-1)!.other) as Other).billing_source);
    }
    expect(sources).toEqual(["wallet", "subscription"]);
  });

  test("a quota period that ends resets the plan before the next call is decided", async () => {
    const planId = await plan({
      title: "Per two seconds",
      total_amount: PRICE_QUOTA,
      quota_reset_period: "custom",
      quota_reset_custom_seconds: 2,
    });
    const u = await subscriber("periodic", planId);
    expect((await chat(u.key)).status).toBe(200);
    // Exhausted until the boundary; the first call after it is paid by the new period.
    let status = (await chat(u.key)).status;
    const deadline = Date.now() + 15_000;
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await chat(u.key)).status;
    }
    expect(status).toBe(200);
    await gw.waitFor(async () => (await logsOf(u.id)).length === 2);
    await gw.settle();
    const logs = await logsOf(u.id);
    expect(logs.map((l) => l.other.subscription_used)).toEqual([PRICE_QUOTA, PRICE_QUOTA]);
    const after = await balances(u.id, u.sub);
    expect(after.epoch).toBeGreaterThanOrEqual(1);
    expect(after.quota).toBe(0);
    expect(after.used).toBe(2 * PRICE_QUOTA);
  });
});
