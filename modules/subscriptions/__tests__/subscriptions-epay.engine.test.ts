// Buying a plan through EPay (new-api's controller/subscription_payment_epay.go): the order and its
// signed form, then the gateway's notice: a genuine one creates the subscription exactly once;
// replayed, concurrent, forged or tampered notices create nothing more. The browser's return is
// checked the same way. Engine file: 20 concurrent notices race on PostgreSQL too.
import * as payRoute from "@/app/api/subscription/epay/pay/route";
import * as notifyRoute from "@/app/api/subscription/epay/notify/route";
import * as returnRoute from "@/app/api/subscription/epay/return/route";
import { db } from "@/lib/server/db";
import { startFakeEpay, startRouteBridge, submitOrderForm, type FakeEpay } from "@/test-support/api/epay-support";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";
import { createPlan } from "@/test-support/api/subscriptions-support";

setupApiHarness();

const PID = "2002";
const KEY = "sub-epay-key-0123456789";
let gateway: FakeEpay;
let bridge: { url: string; close: () => Promise<void> };
let root = "";

const configure = (extra: Record<string, string> = {}) =>
  setOptions({
    PayAddress: gateway.url,
    EpayId: PID,
    EpayKey: KEY,
    ServerAddress: "http://gw.example",
    CustomCallbackAddress: bridge.url,
    ...extra,
  });

beforeAll(async () => {
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
  gateway = await startFakeEpay(PID, KEY);
  bridge = await startRouteBridge(notifyRoute);
  await configure();
});
afterAll(async () => {
  await gateway?.close();
  await bridge?.close();
});

type PayAnswer = { success: boolean; message: string; data: Record<string, string>; url: string };
const pay = (cookie: string, body: unknown) =>
  call<Record<string, string>>(payRoute, "POST", "/api/subscription/epay/pay", { cookie, body });

/** Opens an order and submits its form to the gateway, as the browser does; answers the trade no. */
async function placeOrder(cookie: string, planId: number, payment_method = "alipay"): Promise<string> {
  const res = await pay(cookie, { plan_id: planId, payment_method });
  expect(res.status).toBe(200);
  return submitOrderForm(res.json as unknown as PayAnswer);
}
const subsOf = (userId: number) => db().userSubscription.findMany({ where: { userId } });
const orderOf = (tradeNo: string) => db().subscriptionOrder.findUniqueOrThrow({ where: { tradeNo } });

test("the order: new-api's answer and form; a genuine notice creates the subscription once; replays add nothing", async () => {
  const planId = await createPlan(root, { title: "Pro", price_amount: 2.5, total_amount: 9000 });
  const user = await createUserAndLogin({ quota: 0 });
  const res = await pay(user.cookie, { plan_id: planId, payment_method: "wxpay" });
  const answer = res.json as unknown as PayAnswer;
  expect(answer).toMatchObject({ success: true, message: "success", url: `${gateway.url}/submit.php` });
  expect(answer.data).toMatchObject({
    pid: PID,
    type: "wxpay",
    name: "SUB:Pro",
    money: "2.50",
    notify_url: `${bridge.url}/api/subscription/epay/notify`,
    sign_type: "MD5",
  });
  expect(answer.data.out_trade_no).toMatch(new RegExp(`^SUBUSR${user.id}NO[A-Za-z0-9]{6}\\d+$`));
  expect(await orderOf(answer.data.out_trade_no!)).toMatchObject({
    status: "pending",
    money: 2.5,
    paymentProvider: "epay",
  });

  const tradeNo = await placeOrder(user.cookie, planId);
  expect(await gateway.notify(tradeNo, gateway.notice(tradeNo))).toEqual({ status: 200, text: "success" });
  expect(await subsOf(user.id)).toEqual([
    expect.objectContaining({ planId, source: "order", amountTotal: 9000n, status: "active" }),
  ]);
  expect((await orderOf(tradeNo)).status).toBe("success");
  expect(await db().topUp.findUniqueOrThrow({ where: { tradeNo } })).toMatchObject({
    amount: 0n,
    money: 2.5,
    status: "success",
  });
  expect((await gateway.notify(tradeNo, gateway.notice(tradeNo))).text).toBe("success");
  expect((await gateway.notify(tradeNo, gateway.notice(tradeNo), "GET")).text).toBe("success");
  expect(await subsOf(user.id)).toHaveLength(1);
  expect(await db().log.count({ where: { userId: user.id, type: 1 } })).toBe(1);
  expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).quota).toBe(0n);
});

test("forged and tampered notices are refused and create nothing; the real one still works afterwards", async () => {
  const planId = await createPlan(root, { price_amount: 3 });
  const user = await createUserAndLogin({ quota: 0 });
  const tradeNo = await placeOrder(user.cookie, planId);
  const forged = [
    gateway.notice(tradeNo, {}, false), // unsigned
    { ...gateway.notice(tradeNo), sign: "0".repeat(32) },
    gateway.notice(tradeNo, { money: "0.01" }), // signed by... the gateway's key, but not the order's money
    gateway.notice(tradeNo, { type: "wxpay" }),
    gateway.notice(tradeNo, { pid: "9999" }),
    gateway.notice(tradeNo, { out_trade_no: "SUBUSR1NOnope1" }),
  ];
  for (const fields of forged) expect((await gateway.notify(tradeNo, fields)).text).toBe("fail");
  // a notice signed with another key
  const { gatewaySign } = await import("@/test-support/api/epay-support");
  const other = gateway.notice(tradeNo, {}, false);
  expect(
    (await gateway.notify(tradeNo, { ...other, sign: gatewaySign(other, "wrong-key"), sign_type: "MD5" })).text,
  ).toBe("fail");
  // unpaid status: acknowledged, nothing created
  expect((await gateway.notify(tradeNo, gateway.notice(tradeNo, { trade_status: "WAIT_BUYER_PAY" }))).text).toBe(
    "success",
  );
  expect(await subsOf(user.id)).toEqual([]);
  expect((await orderOf(tradeNo)).status).toBe("pending");
  expect((await gateway.notify(tradeNo, gateway.notice(tradeNo))).text).toBe("success");
  expect(await subsOf(user.id)).toHaveLength(1);
});

test("20 concurrent copies of the genuine notice create exactly one subscription", async () => {
  const planId = await createPlan(root, { price_amount: 1 });
  const user = await createUserAndLogin({ quota: 0 });
  const tradeNo = await placeOrder(user.cookie, planId);
  const replies = await Promise.all(Array.from({ length: 20 }, () => gateway.notify(tradeNo, gateway.notice(tradeNo))));
  expect(replies.every((r) => r.text === "success")).toBe(true);
  expect(await subsOf(user.id)).toHaveLength(1);
  expect(await db().topUp.count({ where: { tradeNo } })).toBe(1);
});

test("the browser's return: a signed success completes and opens the wallet; a forged one is refused", async () => {
  const planId = await createPlan(root, { price_amount: 1 });
  const user = await createUserAndLogin({ quota: 0 });
  const tradeNo = await placeOrder(user.cookie, planId);
  const query = (fields: Record<string, string>) => `/api/subscription/epay/return?${new URLSearchParams(fields)}`;
  const back = async (fields: Record<string, string>) => {
    const { NextRequest } = await import("next/server");
    const res = await returnRoute.GET(new NextRequest(new URL(query(fields), "http://localhost")), {
      params: Promise.resolve({}),
    });
    return res.headers.get("location");
  };
  expect(await back({ ...gateway.notice(tradeNo), sign: "f".repeat(32) })).toBe("/app/wallet?pay=fail");
  expect(await subsOf(user.id)).toEqual([]);
  expect(await back(gateway.notice(tradeNo))).toBe("/app/wallet?pay=success");
  expect(await subsOf(user.id)).toHaveLength(1);
});

test("orders refused: gateway off, free, disabled or unknown plan, purchase limit, unknown method, hostile input", async () => {
  const user = await createUserAndLogin({ quota: 0 });
  const paid = await createPlan(root, { price_amount: 1, max_purchase_per_user: 1 });
  const free = await createPlan(root, { price_amount: 0 });
  const off = await createPlan(root, { price_amount: 1, enabled: false });
  expect((await pay(user.cookie, { plan_id: free, payment_method: "alipay" })).status).toBe(400);
  expect((await pay(user.cookie, { plan_id: off, payment_method: "alipay" })).status).toBe(400);
  expect((await pay(user.cookie, { plan_id: 999_999, payment_method: "alipay" })).status).toBe(404);
  for (const body of [
    { plan_id: paid, payment_method: "paypal" },
    { plan_id: "1", payment_method: "alipay" },
    { plan_id: paid },
    { plan_id: -1, payment_method: "wx" },
  ])
    expect((await pay(user.cookie, body)).status).toBe(400);
  const tradeNo = await placeOrder(user.cookie, paid, "zfb");
  expect((await orderOf(tradeNo)).paymentMethod).toBe("alipay");
  await gateway.notify(tradeNo, gateway.notice(tradeNo));
  expect((await pay(user.cookie, { plan_id: paid, payment_method: "alipay" })).status).toBe(409);
  await configure({ EpayKey: "" });
  try {
    expect((await pay(user.cookie, { plan_id: paid, payment_method: "alipay" })).status).toBe(400);
  } finally {
    await configure();
  }
  expect(await db().subscriptionOrder.count({ where: { userId: user.id } })).toBe(1);
});
