import "server-only";

// The checks every EPay notice passes, in this order, before its order may be claimed (top-ups and
// subscription plans alike): the gateway is configured (an empty key must verify nothing), the
// signature (constant time), the merchant id, the trade status; then the order: it exists, came
// from EPay, and the notice's payment type and money equal the order's (a valid notice for another,
// cheaper order cannot complete this one), and it is still pending.
import { TOPUP_STATUS } from "@/lib/constants";
import type { EpayConfig } from "@/modules/wallet/server/payments/epay/purchase";
import { verifyEpaySign, type EpayParams } from "@/modules/wallet/server/payments/epay/sign";

export type NoticeRefusal =
  | "disabled"
  | "bad_signature"
  | "wrong_merchant"
  | "unknown_order"
  | "wrong_provider"
  | "wrong_type"
  | "wrong_money"
  | "order_closed";

/** The notice itself: a refusal, "not_paid" (acknowledged, nothing to do) or null (go on). */
export function checkNoticeSignature(params: EpayParams, epay: EpayConfig | null): NoticeRefusal | "not_paid" | null {
  if (!epay) return "disabled";
  if (!verifyEpaySign(params, epay.key)) return "bad_signature";
  if (params.pid !== epay.pid) return "wrong_merchant";
  if (params.trade_status !== "TRADE_SUCCESS") return "not_paid";
  return null;
}

export type NoticeOrder = { paymentProvider: string; paymentMethod: string; money: number; status: string };

const cents = (v: number | string) => Math.round(Number(v) * 100);

/** The notice against its order: a refusal, "already_completed", or null (pending: claim it). */
export function checkNoticeOrder(
  params: EpayParams,
  order: NoticeOrder | null,
): NoticeRefusal | "already_completed" | null {
  if (!order) return "unknown_order";
  if (order.paymentProvider !== "epay") return "wrong_provider";
  if (params.type && params.type !== order.paymentMethod) return "wrong_type";
  const money = params.money ?? "";
  if (money.trim() === "" || !Number.isFinite(Number(money)) || cents(money) !== cents(order.money))
    return "wrong_money";
  if (order.status === TOPUP_STATUS.success) return "already_completed";
  if (order.status !== TOPUP_STATUS.pending) return "order_closed";
  return null;
}
