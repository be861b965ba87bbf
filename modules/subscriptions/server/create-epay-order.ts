import "server-only";

// POST /api/subscription/epay/pay {plan_id, payment_method}: a pending order for the plan and the
// gateway's signed form, as new-api's SubscriptionRequestEpay (trade no SUBUSR{uid}NO…, name
// "SUB:<title>", the plan's price with two decimals). The plan must be on sale and cost at least
// 0.01 (套餐金额过低); the purchase limit is checked here too, so nobody pays for a plan they can no
// longer get. Orders are rate-limited per user like top-up orders.
import { randomInt } from "node:crypto";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { consumePoint } from "@/lib/server/http/rate-limit";
import { buildEpayPurchase, loadPaymentSettings, EPAY_TYPE_OF_METHOD, type EpayParams } from "@/modules/wallet/server";
import { nowUnix } from "@/modules/subscriptions/server/subscription-tx";
import type { EPAY_METHODS } from "@/modules/subscriptions/schemas";

const ORDER_LIMIT = { points: 10, duration: 600 } as const;
const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export async function createEpayOrder(
  userId: number,
  planId: number,
  method: (typeof EPAY_METHODS)[number],
): Promise<{ url: string; params: EpayParams; trade_no: string }> {
  const settings = await loadPaymentSettings();
  if (!settings.epay) throw new AppError("bad_request", "subscription_epay_disabled");
  const plan = await db().subscriptionPlan.findUnique({ where: { id: planId } });
  if (!plan) throw new AppError("not_found", "subscription_plan_not_found");
  if (!plan.enabled) throw new AppError("bad_request", "subscription_plan_disabled");
  if (plan.priceAmount < 0.01) throw new AppError("bad_request", "subscription_epay_free_plan");
  if (plan.maxPurchasePerUser > 0) {
    const held = await db().userSubscription.count({ where: { userId, planId } });
    if (held >= plan.maxPurchasePerUser) throw new AppError("conflict", "subscription_purchase_limit_reached");
  }
  const wait = await consumePoint("subscription_orders", ORDER_LIMIT, String(userId));
  if (wait > 0) throw new AppError("rate_limited", "topup_too_many_orders", { seconds: wait });

  const type = method === "zfb" || method === "wx" ? EPAY_TYPE_OF_METHOD[method] : method;
  const now = nowUnix();
  let random = "";
  for (let i = 0; i < 6; i++) random += ALPHANUM[randomInt(ALPHANUM.length)];
  const tradeNo = `SUBUSR${userId}NO${random}${now}`;
  await db().subscriptionOrder.create({
    data: {
      userId,
      planId,
      money: plan.priceAmount,
      tradeNo,
      paymentMethod: type,
      paymentProvider: "epay",
      status: "pending",
      createTime: now,
    },
  });
  const { url, params } = buildEpayPurchase(settings.epay, {
    type,
    tradeNo,
    name: `SUB:${plan.title}`,
    money: plan.priceAmount.toFixed(2),
    notifyUrl: `${settings.callbackAddress}/api/subscription/epay/notify`,
    returnUrl: `${settings.callbackAddress}/api/subscription/epay/return`,
  });
  return { url, params, trade_no: tradeNo };
}
