import "server-only";

// The wallet module's door for other modules' server code (eslint.config.mjs, "doors"): the EPay
// gateway (settings, the signed purchase form, the notice's signature, reading and answering a
// notice) and the trade numbers, which subscription plans bought online reuse.
export { loadPaymentSettings, type PaymentSettings } from "@/modules/wallet/server/load-payment-settings";
export { buildEpayPurchase, EPAY_TYPE_OF_METHOD } from "@/modules/wallet/server/payments/epay/purchase";
export type { EpayParams } from "@/modules/wallet/server/payments/epay/sign";
export {
  checkNoticeOrder,
  checkNoticeSignature,
  type NoticeRefusal,
} from "@/modules/wallet/server/payments/epay/check-notice";
export { epayText, readEpayNotice } from "@/modules/wallet/server/payments/epay/notice";
