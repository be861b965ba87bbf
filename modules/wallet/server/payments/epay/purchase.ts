import "server-only";

// The purchase request of an EPay gateway: the browser POSTs these fields as a form to
// {PayAddress}/submit.php, pays there, and the gateway notifies notify_url (server to server) and
// sends the browser back to return_url.
import { signEpayParams, type EpayParams } from "@/modules/wallet/server/payments/epay/sign";

export type EpayConfig = { address: string; pid: string; key: string };

/** Our payment-method choices (zfb | wx) and the EPay `type` each becomes. */
export const EPAY_TYPE_OF_METHOD = { zfb: "alipay", wx: "wxpay" } as const;
export type EpayMethod = keyof typeof EPAY_TYPE_OF_METHOD;

export type PurchaseArgs = {
  type: string;
  tradeNo: string;
  name: string;
  /** Money with two decimals, e.g. "73.00". */
  money: string;
  notifyUrl: string;
  returnUrl: string;
};

export function epaySubmitUrl(address: string): string {
  return `${address.trim().replace(/\/+$/, "")}/submit.php`;
}

export function buildEpayPurchase(config: EpayConfig, args: PurchaseArgs): { url: string; params: EpayParams } {
  const params = signEpayParams(
    {
      pid: config.pid,
      type: args.type,
      out_trade_no: args.tradeNo,
      notify_url: args.notifyUrl,
      return_url: args.returnUrl,
      name: args.name,
      money: args.money,
    },
    config.key,
  );
  return { url: epaySubmitUrl(config.address), params };
}
