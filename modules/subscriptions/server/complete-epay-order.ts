import "server-only";

// GET|POST /api/subscription/epay/notify (and the browser's /return): the gateway's notice for a
// plan order. The same rules as the wallet's top-up notice (complete-topup-order.ts):
// - the notice and its order pass the wallet's EPay checks (check-notice.ts): gateway configured,
//   signature, merchant, trade status; the order exists, came from EPay, money and type match;
// - the claim is ONE conditional UPDATE (pending → success) in the transaction that creates the
//   subscription: of N concurrent or replayed notices exactly one creates it, on SQLite and on
//   PostgreSQL. A paid order gets its subscription even past the purchase limit (it was checked
//   when the order was opened; new-api would refuse the notice forever, after taking the money).
// As new-api, the order also appears in the top-up records (amount 0, its money).
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { recordLog } from "@/lib/server/ledger/journal";
import { LOG_TYPE, TOPUP_STATUS } from "@/lib/constants";
import {
  checkNoticeOrder,
  checkNoticeSignature,
  loadPaymentSettings,
  type EpayParams,
  type NoticeRefusal,
} from "@/modules/wallet/server";
import { createSubscriptionTx, lockUser, nowUnix } from "@/modules/subscriptions/server/subscription-tx";

export type SubscriptionNotifyOutcome = {
  reply: "success" | "fail";
  completed: boolean;
  reason: "completed" | "already_completed" | "not_paid" | NoticeRefusal;
};

export async function completeEpayOrder(params: EpayParams): Promise<SubscriptionNotifyOutcome> {
  const outcome = await decide(params);
  if (outcome.reply === "fail")
    logger().warn(
      { reason: outcome.reason, tradeNo: params.out_trade_no?.slice(0, 64) },
      "subscription EPay notice refused",
    );
  return outcome;
}

async function decide(params: EpayParams): Promise<SubscriptionNotifyOutcome> {
  const fail = (reason: NoticeRefusal): SubscriptionNotifyOutcome => ({ reply: "fail", completed: false, reason });
  const notice = checkNoticeSignature(params, (await loadPaymentSettings()).epay);
  if (notice === "not_paid") return { reply: "success", completed: false, reason: "not_paid" };
  if (notice) return fail(notice);

  const tradeNo = params.out_trade_no ?? "";
  const order = tradeNo ? await db().subscriptionOrder.findUnique({ where: { tradeNo } }) : null;
  const verdict = checkNoticeOrder(params, order);
  if (verdict === "already_completed") return { reply: "success", completed: false, reason: "already_completed" };
  if (verdict || !order) return fail(verdict ?? "unknown_order");

  const payload = JSON.stringify(params).slice(0, 4000);
  // Inside the ledger's queue, so the relay's copy of the user's plans follows (bookkeeping.ts).
  const completed = await writeAfterFlush(() => claimAndCreateSubscription(order.id, payload), {
    userIds: [order.userId],
  });
  if (completed) invalidateUser(order.userId);
  return { reply: "success", completed, reason: completed ? "completed" : "already_completed" };
}

/** Claims the pending order and creates its subscription; false (nothing changed) when no longer pending. */
export function claimAndCreateSubscription(orderId: number, payload: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const now = nowUnix();
    const claimed = await tx.subscriptionOrder.updateMany({
      where: { id: orderId, status: TOPUP_STATUS.pending },
      data: { status: TOPUP_STATUS.success, completeTime: now, providerPayload: payload },
    });
    if (claimed.count === 0) return false;
    const order = await tx.subscriptionOrder.findUniqueOrThrow({ where: { id: orderId } });
    const plan = await tx.subscriptionPlan.findUniqueOrThrow({ where: { id: order.planId } });
    const user = await lockUser(tx, order.userId);
    const sub = await createSubscriptionTx(tx, user, plan, "order", { enforceLimit: false });
    await tx.topUp.create({
      data: {
        userId: order.userId,
        amount: 0n,
        money: order.money,
        tradeNo: order.tradeNo,
        paymentMethod: order.paymentMethod,
        paymentProvider: "epay",
        createTime: order.createTime,
        completeTime: now,
        status: TOPUP_STATUS.success,
      },
    });
    await recordLog(
      {
        type: LOG_TYPE.topup,
        userId: order.userId,
        username: user.username,
        content: `订阅购买成功，套餐: ${plan.title}，支付金额: ${order.money.toFixed(2)}，支付方式: ${order.paymentMethod}`,
        other: {
          trade_no: order.tradeNo,
          plan_id: plan.id,
          user_subscription_id: sub.id,
          payment_method: order.paymentMethod,
        },
      },
      tx,
    );
    return true;
  });
}
