// EPay notices (attacks seen on other gateways: forged callbacks, double credit): a paid order is
// credited exactly once (quota, success, one top-up log); replays, forged or tampered notices,
// oversized bodies and 20 concurrent copies credit nothing more. Meaningful on SQLite and on
// PostgreSQL (TEST_DATABASE_URL).
import * as selfListRoute from "@/app/api/user/topup/self/route";
import { db } from "@/lib/server/db";
import { claimAndCreditOrder } from "@/modules/wallet/server/complete-topup-order";
import { gatewaySign } from "@/test-support/api/epay-support";
import { call, createUserAndLogin, setupApiHarness } from "@/test-support/api/harness";
import {
  configure,
  epay,
  orderOf,
  placeOrder,
  quotaOf,
  setupTopupGateway,
  topupLogs,
  type Page,
} from "@/test-support/api/topup-support";

setupApiHarness();
setupTopupGateway();

describe("configured", () => {
  beforeAll(() => configure());
  afterEach(() => configure());

  test("the full flow: paid once, credited once (quota, success, one log); a replay credits nothing", async () => {
    const user = await createUserAndLogin({ quota: 1000 });
    const tradeNo = await placeOrder(user.cookie, 10);
    const first = await epay.gateway.notify(tradeNo, epay.gateway.notice(tradeNo));
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
    expect((await epay.gateway.notify(tradeNo, epay.gateway.notice(tradeNo))).text).toBe("success");
    expect((await epay.gateway.notify(tradeNo, epay.gateway.notice(tradeNo), "GET")).text).toBe("success");
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
    expect((await epay.gateway.notify(tradeNo, epay.gateway.notice(tradeNo), "GET")).text).toBe("success");
    expect(await quotaOf(user.id)).toBe(500000n);
  });

  test("forged, tampered, foreign and unpaid notices credit nothing", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 10);
    const other = await placeOrder(user.cookie, 1);
    const good = epay.gateway.notice(tradeNo);
    const cases: [string, Record<string, string>, string][] = [
      ["bad signature", { ...good, sign: "0".repeat(32) }, "fail"],
      ["no signature", epay.gateway.notice(tradeNo, {}, false), "fail"],
      ["tampered money after signing", { ...good, money: "0.01" }, "fail"],
      [
        "signed with another key",
        (() => {
          const f = epay.gateway.notice(tradeNo, {}, false);
          return { ...f, sign: gatewaySign(f, "guessed-key"), sign_type: "MD5" };
        })(),
        "fail",
      ],
      ["wrong money, correctly signed", epay.gateway.notice(tradeNo, { money: "7.30" }), "fail"],
      [
        "another order's money on this order",
        epay.gateway.notice(tradeNo, { money: epay.gateway.orders.get(other)!.money! }),
        "fail",
      ],
      ["unknown trade no", epay.gateway.notice(tradeNo, { out_trade_no: "USR999NOxxxxxx1700000000" }), "fail"],
      ["another merchant id", epay.gateway.notice(tradeNo, { pid: "2002" }), "fail"],
      ["another payment type", epay.gateway.notice(tradeNo, { type: "wxpay" }), "fail"],
      ["not paid (TRADE_CLOSED)", epay.gateway.notice(tradeNo, { trade_status: "TRADE_CLOSED" }), "success"],
      ["not paid (WAIT_BUYER_PAY)", epay.gateway.notice(tradeNo, { trade_status: "WAIT_BUYER_PAY" }), "success"],
    ];
    for (const [name, fields, reply] of cases) {
      const res = await epay.gateway.notify(tradeNo, fields);
      expect({ name, reply: res.text }).toEqual({ name, reply });
    }
    expect(await quotaOf(user.id)).toBe(0n);
    expect((await orderOf(tradeNo)).status).toBe("pending");
    expect(await topupLogs(user.id)).toBe(0);
    // the genuine notice still works afterwards
    expect((await epay.gateway.notify(tradeNo, good)).text).toBe("success");
    expect(await quotaOf(user.id)).toBe(5_000_000n);
  });

  test("an oversized notice is refused before it is read", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 1);
    const res = await epay.gateway.notify(tradeNo, { ...epay.gateway.notice(tradeNo), pad: "x".repeat(20_000) });
    expect(res).toEqual({ status: 413, text: "fail" });
    expect(await quotaOf(user.id)).toBe(0n);
  });

  test("20 concurrent identical notices credit once", async () => {
    const user = await createUserAndLogin();
    const tradeNo = await placeOrder(user.cookie, 50);
    const fields = epay.gateway.notice(tradeNo);
    const replies = await Promise.all(Array.from({ length: 20 }, () => epay.gateway.notify(tradeNo, fields)));
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
});
