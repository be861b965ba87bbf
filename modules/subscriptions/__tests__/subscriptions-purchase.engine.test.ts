// Buying a plan with the wallet balance (POST /api/subscription/balance/pay, new-api's
// SubscriptionRequestBalancePay) and reading one's own subscriptions (GET /api/subscription/self):
// the debit and the subscription in one transaction, the purchase limit under concurrency, the
// logs adding up to the balance. Engine file: the limit and the debit race on PostgreSQL too.
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";
import {
  balancePayRoute,
  createPlan,
  plansRoute,
  preferenceRoute,
  QUOTA_PER_UNIT,
  selfRoute,
} from "@/test-support/api/subscriptions-support";

setupApiHarness();

let admin = "";
beforeAll(async () => {
  await setupRoot();
  await setOptions({ QuotaPerUnit: String(QUOTA_PER_UNIT), GroupRatio: JSON.stringify({ default: 1, vip: 1 }) });
  admin = await login(ROOT_USER.username, ROOT_USER.password);
});

const pay = (cookie: string, planId: unknown) =>
  call(balancePayRoute, "POST", "/api/subscription/balance/pay", { cookie, body: { plan_id: planId } });
const quotaOf = async (id: number) => (await db().user.findUniqueOrThrow({ where: { id } })).quota;
const logSum = async (id: number) =>
  (await db().log.findMany({ where: { userId: id } })).reduce((sum, l) => sum + l.quota, 0n);

test("a purchase debits price × QuotaPerUnit and creates the subscription; /self shows it with its quota", async () => {
  const planId = await createPlan(admin, { price_amount: 1.5, total_amount: 700_000, upgrade_group: "vip" });
  const me = await createUserAndLogin({ quota: 1_000_000 });
  const res = await pay(me.cookie, planId);
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, data: null });
  expect(await quotaOf(me.id)).toBe(1_000_000n - 750_000n);
  // the top-up log carries the debit: what the user had (no logs before) minus the price
  expect(await logSum(me.id)).toBe(-750_000n);
  expect((await db().user.findUniqueOrThrow({ where: { id: me.id } })).group).toBe("vip");

  const self = await call<{
    billing_preference: string;
    subscriptions: { subscription: Record<string, unknown> }[];
    all_subscriptions: unknown[];
  }>(selfRoute, "GET", "/api/subscription/self", { cookie: me.cookie });
  expect(self.json.data.billing_preference).toBe("subscription_first");
  expect(self.json.data.all_subscriptions).toHaveLength(1);
  expect(self.json.data.subscriptions[0]!.subscription).toMatchObject({
    user_id: me.id,
    plan_id: planId,
    amount_total: 700_000,
    amount_used: 0,
    status: "active",
    source: "balance",
    upgrade_group: "vip",
    prev_user_group: "default",
  });
  const order = await db().subscriptionOrder.findFirstOrThrow({ where: { userId: me.id } });
  expect(order).toMatchObject({ planId, money: 1.5, status: "success", paymentMethod: "balance" });
});

test("refusals change nothing: too little balance, disabled plan, balance pay off, unknown plan, hostile ids", async () => {
  const me = await createUserAndLogin({ quota: 100 });
  const dear = await createPlan(admin, { price_amount: 1 });
  const off = await createPlan(admin, { price_amount: 0, enabled: false });
  const noBalance = await createPlan(admin, { price_amount: 0, allow_balance_pay: false });
  expect((await pay(me.cookie, dear)).status).toBe(400);
  expect((await pay(me.cookie, off)).status).toBe(400);
  expect((await pay(me.cookie, noBalance)).status).toBe(400);
  expect((await pay(me.cookie, 999_999)).status).toBe(404);
  for (const bad of ["1", -1, 0, 1.5, 2 ** 40, null, { id: 1 }]) expect((await pay(me.cookie, bad)).status).toBe(400);
  const raw = await call(balancePayRoute, "POST", "/api/subscription/balance/pay", { cookie: me.cookie, body: "[" });
  expect(raw.status).toBe(400);
  expect(await quotaOf(me.id)).toBe(100n);
  expect(await db().userSubscription.count({ where: { userId: me.id } })).toBe(0);
  expect(await db().subscriptionOrder.count({ where: { userId: me.id } })).toBe(0);
  // anonymous
  expect(
    (await call(balancePayRoute, "POST", "/api/subscription/balance/pay", { body: { plan_id: dear } })).status,
  ).toBe(401);
});

test("20 concurrent purchases of a plan limited to 3: exactly 3 subscriptions, 3 debits, Σ logs == balance", async () => {
  const planId = await createPlan(admin, { price_amount: 0.01, max_purchase_per_user: 3 });
  const me = await createUserAndLogin({ quota: 1_000_000 });
  const results = await Promise.all(Array.from({ length: 20 }, () => pay(me.cookie, planId)));
  const ok = results.filter((r) => r.status === 200);
  expect(ok).toHaveLength(3);
  for (const r of results.filter((r) => r.status !== 200)) {
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ success: false, message: expect.stringMatching(/purchase limit|购买上限/) });
  }
  expect(await db().userSubscription.count({ where: { userId: me.id, planId } })).toBe(3);
  expect(await quotaOf(me.id)).toBe(1_000_000n - 3n * 5_000n);
  expect(1_000_000n + (await logSum(me.id))).toBe(await quotaOf(me.id));
});

test("concurrent purchases never overdraw: a balance for 2 buys exactly 2", async () => {
  const planId = await createPlan(admin, { price_amount: 1 });
  const me = await createUserAndLogin({ quota: 2 * QUOTA_PER_UNIT + 10 });
  const results = await Promise.all(Array.from({ length: 8 }, () => pay(me.cookie, planId)));
  expect(results.filter((r) => r.status === 200)).toHaveLength(2);
  expect(await quotaOf(me.id)).toBe(10n);
  expect(await db().userSubscription.count({ where: { userId: me.id } })).toBe(2);
});

test("the plan list shows enabled plans only, sort_order desc; users see only their own subscriptions", async () => {
  const low = await createPlan(admin, { title: "low", sort_order: -5 });
  const high = await createPlan(admin, { title: "high", sort_order: 50 });
  const hidden = await createPlan(admin, { title: "hidden", enabled: false });
  const me = await createUserAndLogin({ quota: 0 });
  const list = await call<{ plan: { id: number; allow_balance_pay: boolean } }[]>(
    plansRoute,
    "GET",
    "/api/subscription/plans",
    { cookie: me.cookie },
  );
  const ids = list.json.data.map((p) => p.plan.id);
  expect(ids.indexOf(high)).toBeLessThan(ids.indexOf(low));
  expect(ids).not.toContain(hidden);
  expect(list.json.data[0]!.plan.allow_balance_pay).toBe(true);

  const other = await createUserAndLogin({ quota: QUOTA_PER_UNIT * 10, role: ROLE.user });
  expect((await pay(other.cookie, high)).status).toBe(200);
  const mine = await call<{ all_subscriptions: unknown[] }>(selfRoute, "GET", "/api/subscription/self", {
    cookie: me.cookie,
  });
  expect(mine.json.data.all_subscriptions).toEqual([]);
});

test("billing preference: stored, normalised as new-api, hostile types refused", async () => {
  const me = await createUserAndLogin({ quota: 0 });
  const put = (body: unknown) =>
    call<{ billing_preference: string }>(preferenceRoute, "PUT", "/api/subscription/self/preference", {
      cookie: me.cookie,
      body,
    });
  expect((await put({ billing_preference: "wallet_first" })).json.data).toEqual({ billing_preference: "wallet_first" });
  expect((await put({ billing_preference: "nonsense" })).json.data).toEqual({
    billing_preference: "subscription_first",
  });
  expect((await put({ billing_preference: 5 })).status).toBe(400);
  expect((await put({ billing_preference: "x".repeat(100) })).status).toBe(400);
  await put({ billing_preference: "wallet_only" });
  const self = await call<{ billing_preference: string }>(selfRoute, "GET", "/api/subscription/self", {
    cookie: me.cookie,
  });
  expect(self.json.data.billing_preference).toBe("wallet_only");
});
