// Online top-up through EPay (spec 2 §5 Wallet, §7, §8; server-behaviour §5.4): price preview,
// order creation against a fake gateway on loopback that checks our signature, the gateway's
// notice credited exactly once (replays, forged or tampered notices and 20 concurrent copies
// credit nothing more), refusals while the gateway is unconfigured, the minimum, roles and
// record visibility. Meaningful on SQLite and on PostgreSQL (TEST_DATABASE_URL).
import * as amountRoute from "@/app/api/user/amount/route";
import * as notifyRoute from "@/app/api/user/epay/notify/route";
import * as payRoute from "@/app/api/user/pay/route";
import * as infoRoute from "@/app/api/user/topup/info/route";
import * as adminListRoute from "@/app/api/user/topup/route";
import * as selfListRoute from "@/app/api/user/topup/self/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { claimAndCreditOrder } from "@/lib/server/services/topup/complete-topup-order";
import { gatewaySign, startFakeEpay, startRouteBridge, type FakeEpay } from "./epay-support";
import { call, createUserAndLogin, setOptions, setupApiHarness, setupRoot } from "./harness";

setupApiHarness();

const PID = "1001";
const KEY = "epay-test-key-0123456789";
let gateway: FakeEpay;
let bridge: { url: string; close: () => Promise<void> };

type PayAnswer = { success: boolean; message: string; data: Record<string, string>; url: string };
type Record_ = {
  id: number;
  user_id: number;
  username: string;
  amount: number;
  money: number;
  trade_no: string;
  status: string;
};
type Page = { items: Record_[]; total: number; page: number; page_size: number };

const configure = (extra: Record<string, string> = {}) =>
  setOptions({
    PayAddress: gateway.url,
    EpayId: PID,
    EpayKey: KEY,
    Price: "7.3",
    MinTopUp: "1",
    ServerAddress: "http://gw.example",
    CustomCallbackAddress: bridge.url,
    TopupGroupRatio: JSON.stringify({ default: 1, vip: 0.9 }),
    ...extra,
  });
const quote = (cookie: string, body: unknown) =>
  call<{ amount: number; unit_price: number }>(amountRoute, "POST", "/api/user/amount", { cookie, body });
const pay = (cookie: string, body: unknown) =>
  call<Record<string, string>>(payRoute, "POST", "/api/user/pay", { cookie, body });
const quotaOf = async (id: number) => (await db().user.findUniqueOrThrow({ where: { id } })).quota;
const orderOf = (tradeNo: string) => db().topUp.findUniqueOrThrow({ where: { tradeNo } });
const topupLogs = (userId: number) => db().log.count({ where: { userId, type: 1 } });

/** Creates an order and submits its form to the gateway, as the browser does. */
async function placeOrder(cookie: string, amount: number, payment_method = "zfb"): Promise<string> {
  const res = await pay(cookie, { amount, payment_method, top_up_code: "" });
  expect(res.status).toBe(200);
  const answer = res.json as unknown as PayAnswer;
  const submitted = await fetch(answer.url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(answer.data).toString(),
  });
  expect(submitted.status).toBe(200);
  return answer.data.out_trade_no!;
}

beforeAll(async () => {
  await setupRoot();
  gateway = await startFakeEpay(PID, KEY);
  bridge = await startRouteBridge(notifyRoute);
});

afterAll(async () => {
  await gateway?.close();
  await bridge?.close();
});

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
    const unsigned = gateway.notice(tradeNo, {}, false);
    const emptyKeySigned = { ...unsigned, sign: gatewaySign(unsigned, ""), sign_type: "MD5" };
    expect((await gateway.notify(tradeNo, emptyKeySigned)).text).toBe("fail");
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
    expect(raw).not.toContain(gateway.url);
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
      expect(res.json).toEqual({ success: false, message: "请选择有效的支付方式" });
    }
  });

  test("pay: a pending order and a form the gateway accepts (signature, notify and return URLs)", async () => {
    const user = await createUserAndLogin();
    const res = await pay(user.cookie, { amount: 10, payment_method: "wx", top_up_code: "" });
    const answer = res.json as unknown as PayAnswer;
    expect(answer).toMatchObject({ success: true, message: "success", url: `${gateway.url}/submit.php` });
    expect(answer.data).toMatchObject({
      pid: PID,
      type: "wxpay",
      money: "73.00",
      name: "TUC10",
      notify_url: `${bridge.url}/api/user/epay/notify`,
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
    const refusedBefore = gateway.refused;
    await placeOrder(user.cookie, 10);
    expect(gateway.refused).toBe(refusedBefore);
    // without CustomCallbackAddress the notice goes to ServerAddress
    await configure({ CustomCallbackAddress: "" });
    const plain = (await pay(user.cookie, { amount: 1, payment_method: "zfb" })).json as unknown as PayAnswer;
    expect(plain.data.notify_url).toBe("http://gw.example/api/user/epay/notify");
    expect(plain.data.type).toBe("alipay");
  });

  test("the full flow: paid once, credited once (quota, success, one log); a replay credits nothing", async () => {
    const user = await createUserAndLogin({ quota: 1000 });
    const tradeNo = await placeOrder(user.cookie, 10);
    const first = await gateway.notify(tradeNo, gateway.notice(tradeNo));
    expect(first).toEqual({ status: 200, text: "success" });
    expect(await quotaOf(user.id)).toBe(1000n + 10n * 500000n);
    const order = await orderOf(tradeNo);
    expect(order.status).toBe("success");
    expect(order.completeTime).toBeGreaterThan(0);
    const logs = await db().log.findMany({ where: { userId: user.id, type: 1 } });
    expect(logs).toHaveLength(1);
    expect(Number(logs[0]!.quota)).toBe(5_000_000);
    expect(logs[0]!.content).toBe("使用在线充值成功，充值金额: $10.00，支付金额：73.00");
    expect(JSON.parse(logs[0]!.other)).toMatchObject({ trade_no: tradeNo, money: 73 });

    // the same notice again, and a fresh notice for the same order: acknowledged, nothing more
    expect((await gateway.notify(tradeNo, gateway.notice(tradeNo))).text).toBe("success");
    expect((await gateway.notify(tradeNo, gateway.notice(tradeNo), "GET")).text).toBe("success");
    expect(await quotaOf(user.id)).toBe(1000n + 5_000_000n);
    expect(await topupLogs(user.id)).toBe(1);

    const self = await call<Page>(selfListRoute, "GET", "/api/user/topup/self?p=1&page_size=10", {
      cookie: user.cookie,
    });
    expect(self.json.data.items).toEqual([
      expect.objectContaining({ trade_no: tradeNo, amount: 10, money: 73, status: "success", user_id: user.id }),
    ]);
  });

  test("a notice sent by GET (query string) is accepted too", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 1, "wx");
    expect((await gateway.notify(tradeNo, gateway.notice(tradeNo), "GET")).text).toBe("success");
    expect(await quotaOf(user.id)).toBe(500000n);
  });

  test("forged, tampered, foreign and unpaid notices credit nothing", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 10);
    const other = await placeOrder(user.cookie, 1);
    const good = gateway.notice(tradeNo);
    const cases: [string, Record<string, string>, string][] = [
      ["bad signature", { ...good, sign: "0".repeat(32) }, "fail"],
      ["no signature", gateway.notice(tradeNo, {}, false), "fail"],
      ["tampered money after signing", { ...good, money: "0.01" }, "fail"],
      [
        "signed with another key",
        (() => {
          const f = gateway.notice(tradeNo, {}, false);
          return { ...f, sign: gatewaySign(f, "guessed-key"), sign_type: "MD5" };
        })(),
        "fail",
      ],
      ["wrong money, correctly signed", gateway.notice(tradeNo, { money: "7.30" }), "fail"],
      [
        "another order's money on this order",
        gateway.notice(tradeNo, { money: gateway.orders.get(other)!.money! }),
        "fail",
      ],
      ["unknown trade no", gateway.notice(tradeNo, { out_trade_no: "USR999NOxxxxxx1700000000" }), "fail"],
      ["another merchant id", gateway.notice(tradeNo, { pid: "2002" }), "fail"],
      ["another payment type", gateway.notice(tradeNo, { type: "wxpay" }), "fail"],
      ["not paid (TRADE_CLOSED)", gateway.notice(tradeNo, { trade_status: "TRADE_CLOSED" }), "success"],
      ["not paid (WAIT_BUYER_PAY)", gateway.notice(tradeNo, { trade_status: "WAIT_BUYER_PAY" }), "success"],
    ];
    for (const [name, fields, reply] of cases) {
      const res = await gateway.notify(tradeNo, fields);
      expect({ name, reply: res.text }).toEqual({ name, reply });
    }
    expect(await quotaOf(user.id)).toBe(0n);
    expect((await orderOf(tradeNo)).status).toBe("pending");
    expect(await topupLogs(user.id)).toBe(0);
    // the genuine notice still works afterwards
    expect((await gateway.notify(tradeNo, good)).text).toBe("success");
    expect(await quotaOf(user.id)).toBe(5_000_000n);
  });

  test("an oversized notice is refused before it is read", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 1);
    const res = await gateway.notify(tradeNo, { ...gateway.notice(tradeNo), pad: "x".repeat(20_000) });
    expect(res).toEqual({ status: 413, text: "fail" });
    expect(await quotaOf(user.id)).toBe(0n);
  });

  test("20 concurrent identical notices credit once", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 50);
    const fields = gateway.notice(tradeNo);
    const replies = await Promise.all(Array.from({ length: 20 }, () => gateway.notify(tradeNo, fields)));
    expect(replies.every((r) => r.text === "success")).toBe(true);
    expect(await quotaOf(user.id)).toBe(50n * 500000n);
    expect(await topupLogs(user.id)).toBe(1);
  });

  test("the claim transaction alone (no in-process queue): 20 at once, one credit", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 7);
    const order = await orderOf(tradeNo);
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => claimAndCreditOrder(order.id, 500000)));
    const credited = settled.filter((s) => s.status === "fulfilled" && s.value === true);
    expect(credited).toHaveLength(1);
    expect(await quotaOf(user.id)).toBe(7n * 500000n);
    expect(await topupLogs(user.id)).toBe(1);
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
