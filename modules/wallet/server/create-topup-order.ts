import "server-only";

// POST /api/user/pay: opens a pending EPay order and returns the gateway's form, as
// new-api's EPay top-up does. The order row is bound to the provider (epay), the payment type and the
// money, which the notice must match before anything is credited. Orders are rate-limited per user.
import { randomInt } from "node:crypto";
import { TOPUP_STATUS } from "@/lib/constants";
import type { TopupPayInput } from "@/modules/wallet/schemas";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { consumePoint } from "@/lib/server/http/rate-limit";
import { buildEpayPurchase, EPAY_TYPE_OF_METHOD } from "@/modules/wallet/server/payments/epay/purchase";
import type { EpayParams } from "@/modules/wallet/server/payments/epay/sign";
import { loadPaymentSettings } from "@/modules/wallet/server/load-payment-settings";
import { priceTopup } from "@/modules/wallet/server/quote-topup";

/** Orders a user may open per window: enough for retries, too few to flood the table. */
export const TOPUP_ORDER_LIMIT = { points: 10, duration: 600 } as const;

const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** USR{uid}NO{6 random}{unix}, as new-api names its trade numbers. */
export function newTradeNo(userId: number, now = Math.floor(Date.now() / 1000)): string {
  let random = "";
  for (let i = 0; i < 6; i++) random += ALPHANUM[randomInt(ALPHANUM.length)];
  return `USR${userId}NO${random}${now}`;
}

/** Shared by all instances with REDIS_URL; refused (503) when Redis is unreachable. */
async function consumeOrderPoint(userId: number): Promise<void> {
  const seconds = await consumePoint("topup_orders", TOPUP_ORDER_LIMIT, String(userId));
  if (seconds > 0) throw new AppError("rate_limited", "topup_too_many_orders", { seconds });
}

export async function createTopupOrder(
  user: { id: number; group: string },
  input: Pick<TopupPayInput, "amount" | "payment_method">,
): Promise<{ url: string; params: EpayParams; trade_no: string }> {
  const settings = await loadPaymentSettings();
  const { money } = priceTopup(settings, user.group, input.amount);
  await consumeOrderPoint(user.id);
  const epay = settings.epay!; // priceTopup refused an unconfigured gateway
  const type = EPAY_TYPE_OF_METHOD[input.payment_method];
  const now = Math.floor(Date.now() / 1000);
  const tradeNo = newTradeNo(user.id, now);
  await db().topUp.create({
    data: {
      userId: user.id,
      amount: BigInt(input.amount),
      money,
      tradeNo,
      paymentMethod: type,
      paymentProvider: "epay",
      createTime: now,
      status: TOPUP_STATUS.pending,
    },
  });
  const { url, params } = buildEpayPurchase(epay, {
    type,
    tradeNo,
    name: `TUC${input.amount}`,
    money: money.toFixed(2),
    notifyUrl: `${settings.callbackAddress}/api/user/epay/notify`,
    returnUrl: `${settings.serverAddress}/app/wallet/topup-success`,
  });
  return { url, params, trade_no: tradeNo };
}
