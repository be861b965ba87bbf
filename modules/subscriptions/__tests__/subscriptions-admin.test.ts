// The admin side of subscription plans at new-api's paths (controller/subscription.go): plan CRUD
// and status, bind, the per-user list, reset, invalidate and delete, with the roles (a user is
// refused, an admin never acts on root's or another admin's subscriptions) and hostile input
// (wrong types, huge values, negative prices, periods of 0: 400, nothing stored).
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
  adminBindRoute,
  adminInvalidateRoute,
  adminPlanResetRoute,
  adminPlanRoute,
  adminPlansRoute,
  adminUserResetRoute,
  adminUserSubRoute,
  adminUserSubsRoute,
  createPlan,
  planBody,
} from "@/test-support/api/subscriptions-support";

setupApiHarness();

let root = "";
let rootId = 0;
let admin = { id: 0, cookie: "" };
beforeAll(async () => {
  await setupRoot();
  await setOptions({ GroupRatio: JSON.stringify({ default: 1, vip: 1.5 }) });
  root = await login(ROOT_USER.username, ROOT_USER.password);
  rootId = (await db().user.findUniqueOrThrow({ where: { username: ROOT_USER.username } })).id;
  admin = await createUserAndLogin({ role: ROLE.admin });
});

const create = (cookie: string, plan: unknown) =>
  call<{ id: number }>(adminPlansRoute, "POST", "/api/subscription/admin/plans", { cookie, body: { plan } });
const bind = (cookie: string, userId: number, planId: number) =>
  call<{ message: string } | null>(adminBindRoute, "POST", "/api/subscription/admin/bind", {
    cookie,
    body: { user_id: userId, plan_id: planId },
  });
const subsOf = (userId: number) => db().userSubscription.findMany({ where: { userId }, orderBy: { id: "asc" } });

test("create, list, edit, disable: new-api's shapes, currency forced to USD, audit rows", async () => {
  const made = await create(
    admin.cookie,
    planBody({ title: "Team", currency: "CNY", quota_reset_period: "custom", quota_reset_custom_seconds: 3600 }),
  );
  expect(made.status).toBe(200);
  expect(made.json.data).toMatchObject({
    title: "Team",
    currency: "USD",
    quota_reset_custom_seconds: 3600,
    allow_balance_pay: true,
  });
  const id = made.json.data.id;
  const list = await call<{ plan: { id: number } }[]>(adminPlansRoute, "GET", "/api/subscription/admin/plans", {
    cookie: admin.cookie,
  });
  expect(list.json.data.map((p) => p.plan.id)).toContain(id);

  const edit = await call(adminPlanRoute, "PUT", `/api/subscription/admin/plans/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: { plan: planBody({ title: "Team+", price_amount: 9999, duration_unit: "day", duration_value: 7 }) },
  });
  expect(edit.json).toMatchObject({ success: true, data: null });
  expect(await db().subscriptionPlan.findUniqueOrThrow({ where: { id } })).toMatchObject({
    title: "Team+",
    priceAmount: 9999,
    durationUnit: "day",
    durationValue: 7,
  });

  const off = await call(adminPlanRoute, "PATCH", `/api/subscription/admin/plans/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: { enabled: false },
  });
  expect(off.status).toBe(200);
  expect((await db().subscriptionPlan.findUniqueOrThrow({ where: { id } })).enabled).toBe(false);
  expect(
    (
      await call(adminPlanRoute, "PATCH", "/api/subscription/admin/plans/999999", {
        cookie: admin.cookie,
        params: { id: "999999" },
        body: { enabled: true },
      })
    ).status,
  ).toBe(404);
  expect(await db().log.count({ where: { userId: admin.id, type: 3, content: { contains: "订阅套餐" } } })).toBe(3);
});

test("hostile plans are refused with 400 {success:false,message} and nothing is stored", async () => {
  const before = await db().subscriptionPlan.count();
  const bad: Record<string, unknown>[] = [
    { title: "" },
    { title: "x".repeat(129) },
    { title: 5 },
    { price_amount: -1 },
    { price_amount: 10000 },
    { price_amount: "2" },
    { price_amount: 1e308 * 10 },
    { duration_value: 0 },
    { duration_value: -3 },
    { duration_value: 1.5 },
    { duration_unit: "year", duration_value: 101 },
    { duration_unit: "custom", custom_seconds: 0 },
    { duration_unit: "fortnight" },
    { total_amount: -1 },
    { total_amount: 2 ** 60 },
    { max_purchase_per_user: -1 },
    { quota_reset_period: "custom", quota_reset_custom_seconds: 0 },
    { quota_reset_period: "hourly" },
    { upgrade_group: "no-such-group" },
    { downgrade_group: "__proto__" },
    { enabled: "yes" },
    { sort_order: 2 ** 40 },
  ];
  for (const over of bad) {
    const res = await create(admin.cookie, planBody(over));
    expect([res.status, over]).toEqual([400, over]);
    // a schema refusal also lists its issues (lib/server/http/route.ts); a service refusal has none
    expect(res.json).toMatchObject({ success: false, message: expect.any(String) });
  }
  for (const body of [{}, { plan: null }, { plan: [] }, "null", "[1]"]) {
    const res = await call(adminPlansRoute, "POST", "/api/subscription/admin/plans", { cookie: admin.cookie, body });
    expect(res.status).toBe(400);
  }
  const id = await createPlan(admin.cookie, { title: "kept" });
  const edit = await call(adminPlanRoute, "PUT", `/api/subscription/admin/plans/${id}`, {
    cookie: admin.cookie,
    params: { id: String(id) },
    body: { plan: planBody({ title: "changed", price_amount: -5 }) },
  });
  expect(edit.status).toBe(400);
  expect((await db().subscriptionPlan.findUniqueOrThrow({ where: { id } })).title).toBe("kept");
  for (const pid of ["abc", "0", "-1", "99999999999"])
    expect(
      (
        await call(adminPlanRoute, "PATCH", `/api/subscription/admin/plans/${pid}`, {
          cookie: admin.cookie,
          params: { id: pid },
          body: { enabled: true },
        })
      ).status,
    ).toBe(400);
  expect(
    (
      await call(adminPlanRoute, "PATCH", `/api/subscription/admin/plans/${id}`, {
        cookie: admin.cookie,
        params: { id: String(id) },
        body: { enabled: "false" },
      })
    ).status,
  ).toBe(400);
  expect(await db().subscriptionPlan.count()).toBe(before + 1);
});

test("users cannot reach admin routes; admins cannot touch root's or another admin's subscriptions", async () => {
  const planId = await createPlan(root);
  const user = await createUserAndLogin({ quota: 0 });
  expect((await create(user.cookie, planBody())).status).toBe(403);
  expect((await bind(user.cookie, user.id, planId)).status).toBe(403);
  expect((await call(adminPlansRoute, "GET", "/api/subscription/admin/plans", { cookie: user.cookie })).status).toBe(
    403,
  );

  const otherAdmin = await createUserAndLogin({ role: ROLE.admin });
  expect((await bind(admin.cookie, rootId, planId)).status).toBe(403);
  expect((await bind(admin.cookie, otherAdmin.id, planId)).status).toBe(403);
  expect(await subsOf(rootId)).toEqual([]);
  const rootSub = await bind(root, rootId, planId);
  expect(rootSub.status).toBe(200);
  const [sub] = await subsOf(rootId);
  const subParams = { id: String(sub!.id) };
  expect((await call(adminInvalidateRoute, "POST", `/x`, { cookie: admin.cookie, params: subParams })).status).toBe(
    403,
  );
  expect((await call(adminUserSubRoute, "DELETE", `/x`, { cookie: admin.cookie, params: subParams })).status).toBe(403);
  expect(
    (await call(adminUserSubsRoute, "GET", `/x`, { cookie: admin.cookie, params: { id: String(rootId) } })).status,
  ).toBe(403);
  expect(
    (
      await call(adminUserResetRoute, "POST", `/x`, {
        cookie: admin.cookie,
        params: { id: String(rootId) },
        body: { plan_id: planId },
      })
    ).status,
  ).toBe(403);
  expect((await db().userSubscription.findUniqueOrThrow({ where: { id: sub!.id } })).status).toBe("active");
});

test("bind upgrades the group (new-api's message), invalidate reverts it; per-user list; delete", async () => {
  const planId = await createPlan(admin.cookie, { upgrade_group: "vip", max_purchase_per_user: 2, total_amount: 500 });
  const user = await createUserAndLogin({ quota: 0 });
  const res = await bind(admin.cookie, user.id, planId);
  expect(res.json).toEqual({ success: true, message: "", data: { message: expect.stringContaining("vip") } });
  expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).group).toBe("vip");
  const second = await call(adminUserSubsRoute, "POST", "/x", {
    cookie: admin.cookie,
    params: { id: String(user.id) },
    body: { plan_id: planId },
  });
  expect(second.json).toMatchObject({ success: true, data: null }); // already vip: no upgrade message
  expect((await bind(admin.cookie, user.id, planId)).status).toBe(409); // purchase limit 2

  const list = await call<{ subscription: { id: number; source: string } }[]>(adminUserSubsRoute, "GET", "/x", {
    cookie: admin.cookie,
    params: { id: String(user.id) },
  });
  expect(list.json.data.map((s) => s.subscription.source)).toEqual(["admin", "admin"]);
  const [first, other] = list.json.data.map((s) => s.subscription.id).sort((a, b) => a - b);

  // As new-api: a subscription reverts to the group it replaced (the first one's "default"), and
  // not while another active subscription still upgrades.
  const del = await call(adminUserSubRoute, "DELETE", "/x", { cookie: admin.cookie, params: { id: String(other) } });
  expect(del.json).toMatchObject({ success: true, data: null });
  const inv = await call(adminInvalidateRoute, "POST", "/x", { cookie: admin.cookie, params: { id: String(first) } });
  expect(inv.json).toEqual({ success: true, message: "", data: { message: expect.stringContaining("default") } });
  expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).group).toBe("default");
  expect((await subsOf(user.id)).map((s) => s.status)).toEqual(["cancelled"]);
  expect(
    (await call(adminInvalidateRoute, "POST", "/x", { cookie: admin.cookie, params: { id: "999999" } })).status,
  ).toBe(404);
  expect((await bind(admin.cookie, 999_999, planId)).status).toBe(404);
  expect((await bind(admin.cookie, user.id, 999_999)).status).toBe(404);
  for (const body of [{ user_id: "1", plan_id: planId }, { user_id: user.id }, { user_id: user.id, plan_id: -1 }])
    expect((await call(adminBindRoute, "POST", "/x", { cookie: admin.cookie, body })).status).toBe(400);
});

test("reset: one user's plan and a whole plan back to 0 used (new-api's result), an admin's skips higher roles", async () => {
  const planId = await createPlan(root, { total_amount: 1000, quota_reset_period: "daily" });
  const a = await createUserAndLogin({ quota: 0 });
  const b = await createUserAndLogin({ quota: 0 });
  for (const id of [a.id, b.id, rootId]) await bind(root, id, planId);
  await db().userSubscription.updateMany({ where: { planId }, data: { amountUsed: 400n } });

  const one = await call(adminUserResetRoute, "POST", "/x", {
    cookie: admin.cookie,
    params: { id: String(a.id) },
    body: { plan_id: planId },
  });
  expect(one.json.data).toEqual({
    plan_id: planId,
    matched_count: 1,
    reset_count: 1,
    user_count: 1,
    advance_reset_time: true,
  });
  expect((await subsOf(a.id))[0]!.amountUsed).toBe(0n);
  expect(
    (await call(adminUserResetRoute, "POST", "/x", { cookie: admin.cookie, params: { id: String(a.id) }, body: {} }))
      .status,
  ).toBe(400);
  const none = await createUserAndLogin({ quota: 0 });
  expect(
    (
      await call(adminUserResetRoute, "POST", "/x", {
        cookie: admin.cookie,
        params: { id: String(none.id) },
        body: { plan_id: planId },
      })
    ).status,
  ).toBe(400);

  const all = await call(adminPlanResetRoute, "POST", "/x", {
    cookie: admin.cookie,
    params: { id: String(planId) },
    body: { advance_reset_time: false },
  });
  expect(all.json.data).toMatchObject({ reset_count: 2, user_count: 2, advance_reset_time: false });
  expect((await subsOf(b.id))[0]!.amountUsed).toBe(0n);
  expect((await subsOf(rootId)).find((s) => s.planId === planId)?.amountUsed).toBe(400n);
});

test("expiry (the minute job): past-end subscriptions expire once, the group goes back only when no upgrade is left", async () => {
  const { expireDueSubscriptions } = await import("@/modules/subscriptions/server/expire-due-subscriptions");
  const planId = await createPlan(root, { upgrade_group: "vip" });
  const one = await createUserAndLogin({ quota: 0 });
  const two = await createUserAndLogin({ quota: 0 });
  await bind(root, one.id, planId);
  await bind(root, two.id, planId);
  await bind(root, two.id, planId);
  const [first] = await subsOf(two.id);
  const past = BigInt(Math.floor(Date.now() / 1000) - 10);
  await db().userSubscription.updateMany({ where: { userId: one.id }, data: { endTime: past } });
  await db().userSubscription.update({ where: { id: first!.id }, data: { endTime: past } });

  expect(await expireDueSubscriptions()).toBeGreaterThanOrEqual(2);
  expect((await subsOf(one.id)).map((s) => s.status)).toEqual(["expired"]);
  expect((await db().user.findUniqueOrThrow({ where: { id: one.id } })).group).toBe("default");
  // two still holds an active upgraded subscription: stays vip
  expect((await subsOf(two.id)).map((s) => s.status)).toEqual(["expired", "active"]);
  expect((await db().user.findUniqueOrThrow({ where: { id: two.id } })).group).toBe("vip");
  expect(await expireDueSubscriptions()).toBe(0);
});
