import "server-only";

// GET|POST /api/user/epay/notify: the gateway's payment notice. Credits an
// order at most once, and only for a genuine, matching notice:
// - the notice and its order pass the EPay checks (payments/epay/check-notice.ts): gateway
//   configured, signature, merchant, trade status; the order exists, came from EPay, and its money
//   and payment type are the notice's;
// - the claim is ONE conditional UPDATE (status pending → success): of N concurrent or replayed
//   notices only one matches, on SQLite and on PostgreSQL (which re-checks the WHERE on the locked
//   row); the quota increment and the top-up log are in the same transaction, inside the relay
//   ledger's queue (writeAfterFlush), so no relay charge is lost or counted twice.
// The reply is the text the gateway expects: `success` stops its retries (also for an order that
// was already credited, or a notice of an unpaid status), `fail` otherwise.
import { formatQuota } from "@/lib/format";
import { creditInviterOnFirstPayment } from "@/modules/profile/server";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import type { EpayParams } from "@/modules/wallet/server/payments/epay/sign";
import {
  checkNoticeOrder,
  checkNoticeSignature,
  type NoticeRefusal,
} from "@/modules/wallet/server/payments/epay/check-notice";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { LOG_TYPE, TOPUP_STATUS } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { loadPaymentSettings } from "@/modules/wallet/server/load-payment-settings";

export type NotifyOutcome = {
  reply: "success" | "fail";
  credited: boolean;
  reason: "credited" | "already_completed" | "not_paid" | NoticeRefusal;
};

export async function completeTopupOrder(params: EpayParams): Promise<NotifyOutcome> {
  const outcome = await decide(params);
  if (outcome.reply === "fail")
    logger().warn({ reason: outcome.reason, tradeNo: params.out_trade_no?.slice(0, 64) }, "EPay notice refused");
  return outcome;
}

async function decide(params: EpayParams): Promise<NotifyOutcome> {
  const fail = (reason: NotifyOutcome["reason"]): NotifyOutcome => ({ reply: "fail", credited: false, reason });
  const settings = await loadPaymentSettings();
  const notice = checkNoticeSignature(params, settings.epay);
  if (notice === "not_paid") return { reply: "success", credited: false, reason: "not_paid" };
  if (notice) return fail(notice);

  const order = params.out_trade_no ? await db().topUp.findUnique({ where: { tradeNo: params.out_trade_no } }) : null;
  const verdict = checkNoticeOrder(params, order);
  if (verdict === "already_completed") return { reply: "success", credited: false, reason: "already_completed" };
  if (verdict || !order) return fail(verdict ?? "unknown_order");

  const credited = await writeAfterFlush(() => claimAndCreditOrder(order.id, settings.quotaPerUnit), {
    userIds: [order.userId],
  });
  invalidateUser(order.userId);
  return { reply: "success", credited, reason: credited ? "credited" : "already_completed" };
}

/**
 * The transaction itself: claim the pending order, credit amount × QuotaPerUnit, write the top-up
 * log. Returns false (and changes nothing) when the order was no longer pending. Exported for the
 * concurrency tests that bypass the in-process queue.
 */
export function claimAndCreditOrder(orderId: number, quotaPerUnit: number): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const now = Math.floor(Date.now() / 1000);
    const claimed = await tx.topUp.updateMany({
      where: { id: orderId, status: TOPUP_STATUS.pending },
      data: { status: TOPUP_STATUS.success, completeTime: now },
    });
    if (claimed.count === 0) return false;
    const order = await tx.topUp.findUniqueOrThrow({ where: { id: orderId } });
    const quota = BigInt(Math.round(Number(order.amount) * quotaPerUnit));
    const user = await tx.user.update({
      where: { id: order.userId },
      data: { quota: { increment: quota } },
      select: { username: true },
    });
    // After the quota update, which locks the user's row (why: credit-inviter.ts).
    await creditInviterOnFirstPayment(tx, order.userId);
    const credited = formatQuota(Number(quota), { inCurrency: true, quotaPerUnit, digits: 2 });
    await recordLog(
      {
        type: LOG_TYPE.topup,
        userId: order.userId,
        username: user.username,
        quota,
        content: `使用在线充值成功，充值金额: ${credited}，支付金额：${order.money.toFixed(2)}`,
        other: { trade_no: order.tradeNo, money: order.money, payment_method: order.paymentMethod },
      },
      tx,
    );
    return true;
  });
}
