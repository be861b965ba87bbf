// Shared set-up of the top-up API tests (topup.test.ts, topup-notify.test.ts): a root account, the
// fake EPay gateway and a loopback bridge serving the notice route, the payment options pointing at
// them, and the calls the tests repeat.
import * as amountRoute from "@/app/api/user/amount/route";
import * as notifyRoute from "@/app/api/user/epay/notify/route";
import * as payRoute from "@/app/api/user/pay/route";
import { db } from "@/lib/server/db";
import type { PageResult } from "@/lib/schemas/pagination";
import type { TopupRecord } from "@/modules/wallet/client/topup/api";
import { startFakeEpay, startRouteBridge, submitOrderForm, type FakeEpay } from "./epay-support";
import { call, setOptions, setupRoot } from "./harness";

export const PID = "1001";
export const KEY = "epay-test-key-0123456789";

/** Filled in by setupTopupGateway()'s beforeAll. */
export const epay = {} as { gateway: FakeEpay; bridge: { url: string; close: () => Promise<void> } };

export type PayAnswer = { success: boolean; message: string; data: Record<string, string>; url: string };
export type Page = PageResult<TopupRecord>;

/** Call after setupApiHarness(). */
export function setupTopupGateway() {
  beforeAll(async () => {
    await setupRoot();
    epay.gateway = await startFakeEpay(PID, KEY);
    epay.bridge = await startRouteBridge(notifyRoute);
  });
  afterAll(async () => {
    await epay.gateway?.close();
    await epay.bridge?.close();
  });
}

export const configure = (extra: Record<string, string> = {}) =>
  setOptions({
    PayAddress: epay.gateway.url,
    EpayId: PID,
    EpayKey: KEY,
    Price: "7.3",
    MinTopUp: "1",
    ServerAddress: "http://gw.example",
    CustomCallbackAddress: epay.bridge.url,
    TopupGroupRatio: JSON.stringify({ default: 1, vip: 0.9 }),
    ...extra,
  });
export const quote = (cookie: string, body: unknown) =>
  call<{ amount: number; unit_price: number }>(amountRoute, "POST", "/api/user/amount", { cookie, body });
export const pay = (cookie: string, body: unknown) =>
  call<Record<string, string>>(payRoute, "POST", "/api/user/pay", { cookie, body });
export const quotaOf = async (id: number) => (await db().user.findUniqueOrThrow({ where: { id } })).quota;
export const orderOf = (tradeNo: string) => db().topUp.findUniqueOrThrow({ where: { tradeNo } });
export const topupLogs = (userId: number) => db().log.count({ where: { userId, type: 1 } });

/** Creates an order and submits its form to the gateway, as the browser does. */
export async function placeOrder(cookie: string, amount: number, payment_method = "zfb"): Promise<string> {
  const res = await pay(cookie, { amount, payment_method, top_up_code: "" });
  expect(res.status).toBe(200);
  return submitOrderForm(res.json as unknown as PayAnswer);
}
