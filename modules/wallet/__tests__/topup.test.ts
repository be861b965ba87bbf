// Online top-up through EPay: refusals while the
// gateway is unconfigured, info, price preview, the minimum and other validation, order creation
// against a fake gateway on loopback that checks our signature, the per-user order limit, roles and
// record visibility. Notices are in topup-notify.test.ts.
import * as amountRoute from "@/app/api/user/amount/route";
import * as payRoute from "@/app/api/user/pay/route";
import * as infoRoute from "@/app/api/user/topup/info/route";
import * as adminListRoute from "@/app/api/user/topup/route";
import * as selfListRoute from "@/app/api/user/topup/self/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { gatewaySign } from "@/test-support/api/epay-support";
import { call, createUserAndLogin, setupApiHarness } from "@/test-support/api/harness";
import {
  configure,
  epay,
  KEY,
  orderOf,
  pay,
  PID,
  placeOrder,
  quotaOf,
  quote,
  setupTopupGateway,
  type Page,
  type PayAnswer,
} from "@/test-support/api/topup-support";

setupApiHarness();
setupTopupGateway();

describe("while the gateway is not configured", () => {
  test("amount and pay: 管理员未开启在线充值！ for each missing setting; nothing is created", async () => {
    const user = await createUserAndLogin();
    for (const missing of ["PayAddress", "EpayId", "EpayKey"]) {
      await configure({ [missing]: "" });
      const q = await quote(user.cookie, { amount: 10 });
      expect(q.status).toBe(400);
      expect(q.json).toEqual({ success: false, message: "管理员未开启在线充值！" });
      const p = await pay(user.cookie, { amount: 10, payment_method: "zfb" });
      expect(p.json).toEqual({ success: false, message: "管理员未开启在线充值！" });
      const info = await call<{ enable_online_topup: boolean; pay_methods: unknown[] }>(
        infoRoute,
        "GET",
        "/api/user/topup/info",
        {
          cookie: user.cookie,
        },
      );
      expect(info.json.data).toMatchObject({ enable_online_topup: false, pay_methods: [] });
    }
    const en = await call(amountRoute, "POST", "/api/user/amount", {
      cookie: `${user.cookie}; NEXT_LOCALE=en`,
      body: { amount: 10 },
    });
    expect(en.json.message).toBe("The administrator has not enabled online top-up!");
    expect(await db().topUp.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a notice is refused (fail) while the key is unset, even one signed with the empty key", async () => {
    const user = await createUserAndLogin();
    await configure();
    const tradeNo = await placeOrder(user.cookie, 5);
    await configure({ EpayKey: "" });
    const unsigned = epay.gateway.notice(tradeNo, {}, false);
    const emptyKeySigned = { ...unsigned, sign: gatewaySign(unsigned, ""), sign_type: "MD5" };
    expect((await epay.gateway.notify(tradeNo, emptyKeySigned)).text).toBe("fail");
    expect((await orderOf(tradeNo)).status).toBe("pending");
    expect(await quotaOf(user.id)).toBe(0n);
  });
});

describe("configured", () => {
  beforeAll(() => configure());
  afterEach(() => configure());

  test("info: enabled, minimum, methods, quick amounts, top-up link; no secret", async () => {
    await configure({ MinTopUp: "5", TopUpLink: "https://shop.example/buy" });
    const user = await createUserAndLogin();
    const res = await call(infoRoute, "GET", "/api/user/topup/info", { cookie: user.cookie });
    expect(res.json.data).toEqual({
      enable_online_topup: true,
      enable_redemption: true,
      min_topup: 5,
      pay_methods: [
        { type: "zfb", name: "支付宝" },
        { type: "wx", name: "微信" },
      ],
      amount_options: [1, 10, 50, 100, 500, 1000],
      topup_link: "https://shop.example/buy",
    });
    const raw = JSON.stringify(res.json);
    expect(raw).not.toContain(KEY);
    expect(raw).not.toContain(epay.gateway.url);
  });

  test("amount: money = amount × Price × TopupGroupRatio[group], with the unit price", async () => {
    const user = await createUserAndLogin();
    expect((await quote(user.cookie, { amount: 10, top_up_code: "" })).json).toEqual({
      success: true,
      message: "success",
      data: { amount: 73, unit_price: 7.3 },
    });
    const vip = await createUserAndLogin({ group: "vip" });
    expect((await quote(vip.cookie, { amount: 10 })).json.data).toEqual({ amount: 65.7, unit_price: 6.57 });
    await configure({ Price: "1.333" });
    expect((await quote(user.cookie, { amount: 3 })).json.data).toEqual({ amount: 4, unit_price: 1.333 });
  });

  test("amount validation: invalid, below the minimum (MinTopUp), too large, money too low", async () => {
    const user = await createUserAndLogin();
    for (const amount of [0, -1, 1.5, "abc", null, undefined]) {
      const res = await quote(user.cookie, { amount });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("请输入有效的充值数量");
    }
    expect((await quote(user.cookie, { amount: 1_000_001 })).json.message).toBe("充值数量不能大于 1000000");
    await configure({ MinTopUp: "20" });
    const low = await quote(user.cookie, { amount: 10 });
    expect(low.status).toBe(400);
    expect(low.json.message).toBe("充值数量不能小于 20");
    expect((await pay(user.cookie, { amount: 19, payment_method: "wx" })).json.message).toBe("充值数量不能小于 20");
    expect((await quote(user.cookie, { amount: 20 })).json.success).toBe(true);
    await configure({ Price: "0.001" });
    expect((await quote(user.cookie, { amount: 1 })).json.message).toBe("充值金额过低");
    expect(await db().topUp.count({ where: { userId: user.id } })).toBe(0);
  });

  test("pay: a bad payment method is refused", async () => {
    const user = await createUserAndLogin();
    for (const payment_method of ["", "paypal", undefined]) {
      const res = await pay(user.cookie, { amount: 10, payment_method });
      expect(res.json).toEqual({
        success: false,
        message: "请选择有效的支付方式",
        issues: [{ path: ["payment_method"], message: "请选择有效的支付方式" }],
      });
    }
  });

  test("pay: new-api's alipay / wxpay are aliases of zfb / wx", async () => {
    const user = await createUserAndLogin();
    for (const method of ["alipay", "wxpay"]) {
      const answer = (await pay(user.cookie, { amount: 10, payment_method: method })).json as unknown as PayAnswer;
      expect(answer).toMatchObject({ success: true, data: { type: method } });
      expect((await orderOf(answer.data.out_trade_no!)).paymentMethod).toBe(method);
    }
  });

  test("pay: a pending order and a form the gateway accepts (signature, notify and return URLs)", async () => {
    const user = await createUserAndLogin();
    const res = await pay(user.cookie, { amount: 10, payment_method: "wx", top_up_code: "" });
    const answer = res.json as unknown as PayAnswer;
    expect(answer).toMatchObject({ success: true, message: "success", url: `${epay.gateway.url}/submit.php` });
    expect(answer.data).toMatchObject({
      pid: PID,
      type: "wxpay",
      money: "73.00",
      name: "TUC10",
      notify_url: `${epay.bridge.url}/api/user/epay/notify`,
      return_url: "http://gw.example/app/wallet/topup-success",
      sign_type: "MD5",
    });
    expect(answer.data.out_trade_no).toMatch(new RegExp(`^USR${user.id}NO[A-Za-z0-9]{6}\\d{10}$`));
    const order = await orderOf(answer.data.out_trade_no!);
    expect(order).toMatchObject({
      userId: user.id,
      amount: 10n,
      money: 73,
      paymentMethod: "wxpay",
      paymentProvider: "epay",
      status: "pending",
    });
    const refusedBefore = epay.gateway.refused;
    await placeOrder(user.cookie, 10);
    expect(epay.gateway.refused).toBe(refusedBefore);
    // without CustomCallbackAddress the notice goes to ServerAddress
    await configure({ CustomCallbackAddress: "" });
    const plain = (await pay(user.cookie, { amount: 1, payment_method: "zfb" })).json as unknown as PayAnswer;
    expect(plain.data.notify_url).toBe("http://gw.example/api/user/epay/notify");
    expect(plain.data.type).toBe("alipay");
  });

  test("orders are rate-limited per user (10 per window)", async () => {
    const user = await createUserAndLogin();
    for (let i = 0; i < 10; i++)
      expect((await pay(user.cookie, { amount: 1, payment_method: "zfb" })).status).toBe(200);
    const res = await pay(user.cookie, { amount: 1, payment_method: "zfb" });
    expect(res.status).toBe(429);
    expect(res.json.message).toMatch(/^下单过于频繁，请 \d+ 秒后再试$/);
    expect(await db().topUp.count({ where: { userId: user.id } })).toBe(10);
    const other = await createUserAndLogin();
    expect((await pay(other.cookie, { amount: 1, payment_method: "zfb" })).status).toBe(200);
  });
});

describe("roles and visibility", () => {
  beforeAll(() => configure());

  test("anonymous callers get 401 and create nothing; users get 403 on the admin list", async () => {
    const before = await db().topUp.count();
    expect((await call(amountRoute, "POST", "/api/user/amount", { body: { amount: 10 } })).status).toBe(401);
    expect(
      (await call(payRoute, "POST", "/api/user/pay", { body: { amount: 10, payment_method: "zfb" } })).status,
    ).toBe(401);
    expect((await call(infoRoute, "GET", "/api/user/topup/info")).status).toBe(401);
    expect((await call(selfListRoute, "GET", "/api/user/topup/self")).status).toBe(401);
    expect((await call(adminListRoute, "GET", "/api/user/topup")).status).toBe(401);
    const user = await createUserAndLogin();
    const denied = await call(adminListRoute, "GET", "/api/user/topup", { cookie: user.cookie });
    expect(denied.status).toBe(403);
    expect(await db().topUp.count()).toBe(before);
  });

  test("a user sees only their own records; an admin sees everyone's with the username", async () => {
    const alice = await createUserAndLogin();
    const bob = await createUserAndLogin();
    const a1 = await placeOrder(alice.cookie, 1);
    const a2 = await placeOrder(alice.cookie, 10);
    const b1 = await placeOrder(bob.cookie, 50);
    const mine = await call<Page>(selfListRoute, "GET", "/api/user/topup/self?p=1&page_size=1", {
      cookie: alice.cookie,
    });
    expect(mine.json.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(mine.json.data.items.map((r) => r.trade_no)).toEqual([a2]);
    const page2 = await call<Page>(selfListRoute, "GET", "/api/user/topup/self?p=2&page_size=1", {
      cookie: alice.cookie,
    });
    expect(page2.json.data.items.map((r) => r.trade_no)).toEqual([a1]);
    // a keyword naming bob's order finds nothing for alice
    const probe = await call<Page>(selfListRoute, "GET", `/api/user/topup/self?keyword=${b1}`, {
      cookie: alice.cookie,
    });
    expect(probe.json.data).toMatchObject({ total: 0, items: [] });

    const admin = await createUserAndLogin({ role: ROLE.admin });
    const all = await call<Page>(adminListRoute, "GET", `/api/user/topup?keyword=${b1}`, { cookie: admin.cookie });
    expect(all.json.data.items).toEqual([
      expect.objectContaining({ trade_no: b1, user_id: bob.id, username: bob.username, status: "pending" }),
    ]);
    const everyone = await call<Page>(adminListRoute, "GET", "/api/user/topup?page_size=100", { cookie: admin.cookie });
    expect(everyone.json.data.items.map((r) => r.trade_no)).toEqual(expect.arrayContaining([a1, a2, b1]));
  });
});
