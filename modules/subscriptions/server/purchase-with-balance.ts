import "server-only";

// POST /api/subscription/balance/pay: a plan bought with the wallet, as new-api's
// PurchaseSubscriptionWithBalance: price × QuotaPerUnit (rounded up) leaves the balance and the
// subscription is created in ONE transaction, or neither happens. It runs inside the relay ledger's
// queue (writeAfterFlush) like every balance write outside the relay, so no relay charge is lost or
// counted twice. The user's row is locked first (lockUser): the balance check, the purchase limit
// and the debit see one another's results under any concurrency. The top-up log row carries the
// debit (negative quota), so the logs still add up to the balance.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { getNumberOption } from "@/lib/server/options/store";
import { recordLog } from "@/lib/server/ledger/journal";
import { LOG_TYPE, QUOTA_PER_UNIT_DEFAULT } from "@/lib/constants";
import { createSubscriptionTx, lockUser, nowUnix } from "@/modules/subscriptions/server/subscription-tx";
import { toUserSubscriptionDto } from "@/modules/subscriptions/server/dto";
import type { UserSubscriptionDto } from "@/modules/subscriptions/schemas";

/** new-api's calcSubscriptionBalanceQuota: price × QuotaPerUnit, rounded up. */
export function priceInQuota(priceAmount: number, quotaPerUnit: number): bigint {
  if (priceAmount <= 0) return 0n;
  // Rounded to micro-units first so that 0.1 × 500000 is 50000, not 50000.00000000001 → 50001.
  return BigInt(Math.ceil(Math.round(priceAmount * quotaPerUnit * 1e6) / 1e6));
}

export async function purchaseWithBalance(userId: number, planId: number): Promise<UserSubscriptionDto> {
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", QUOTA_PER_UNIT_DEFAULT);
  const sub = await writeAfterFlush(
    () =>
      db().$transaction(async (tx) => {
        const plan = await tx.subscriptionPlan.findUnique({ where: { id: planId } });
        if (!plan) throw new AppError("not_found", "subscription_plan_not_found");
        if (!plan.enabled) throw new AppError("bad_request", "subscription_plan_disabled");
        if (plan.allowBalancePay === false) throw new AppError("bad_request", "subscription_balance_pay_disabled");
        const price = priceInQuota(plan.priceAmount, quotaPerUnit);
        const user = await lockUser(tx, userId);
        if (user.quota < price) throw new AppError("bad_request", "subscription_balance_insufficient");
        if (price > 0n) await tx.user.update({ where: { id: userId }, data: { quota: { decrement: price } } });
        const created = await createSubscriptionTx(tx, user, plan, "balance");
        const now = nowUnix();
        const tradeNo = `SUBBALUSR${userId}NO${randomBytes(3).toString("hex")}${Date.now()}`;
        await tx.subscriptionOrder.create({
          data: {
            userId,
            planId: plan.id,
            money: plan.priceAmount,
            tradeNo,
            paymentMethod: "balance",
            paymentProvider: "balance",
            status: "success",
            createTime: now,
            completeTime: now,
            providerPayload: `charged_quota=${price}`,
          },
        });
        await recordLog(
          {
            type: LOG_TYPE.topup,
            userId,
            username: user.username,
            quota: -price,
            content: `使用余额购买订阅成功，套餐: ${plan.title}，支付金额: ${plan.priceAmount.toFixed(2)}，扣除额度: ${price}`,
            other: { trade_no: tradeNo, plan_id: plan.id, user_subscription_id: created.id, payment_method: "balance" },
          },
          tx,
        );
        return created;
      }),
    { userIds: [userId] },
  );
  invalidateUser(userId);
  return toUserSubscriptionDto(sub);
}
