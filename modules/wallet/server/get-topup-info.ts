import "server-only";

// GET /api/user/topup/info: what the wallet needs to offer a top-up.
// No secret: only whether the gateway is configured, never its address or key.
import { TOPUP_AMOUNT_OPTIONS, TOPUP_PAYMENT_METHODS } from "@/modules/wallet/schemas";
import { loadPaymentSettings } from "@/modules/wallet/server/load-payment-settings";

const METHOD_NAMES = { zfb: "支付宝", wx: "微信" } as const;

export async function getTopupInfo() {
  const settings = await loadPaymentSettings();
  const enabled = settings.epay !== null;
  return {
    enable_online_topup: enabled,
    enable_redemption: true,
    min_topup: settings.minTopUp,
    pay_methods: enabled ? TOPUP_PAYMENT_METHODS.map((type) => ({ type, name: METHOD_NAMES[type] })) : [],
    amount_options: [...TOPUP_AMOUNT_OPTIONS],
    topup_link: settings.topUpLink,
  };
}
