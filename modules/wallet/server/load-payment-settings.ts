import "server-only";

// The payment options as the top-up services need them: the EPay gateway
// (null unless PayAddress, EpayId and EpayKey are all set: online top-up is off then), the price
// per USD unit, the minimum, the per-group multiplier and the addresses orders point back to.
import type { NumOptionKey, OptionKey } from "@/lib/server/options/defaults";
import { getOptions, parseJsonOption } from "@/lib/server/options/store";
import type { EpayConfig } from "@/modules/wallet/server/payments/epay/purchase";

export type PaymentSettings = {
  epay: EpayConfig | null;
  /** Currency charged per USD unit of quota (option Price). */
  price: number;
  /** Smallest amount in USD units (option MinTopUp, never below 1). */
  minTopUp: number;
  quotaPerUnit: number;
  topUpLink: string;
  serverAddress: string;
  /** Where the gateway sends its notices: CustomCallbackAddress, else ServerAddress. */
  callbackAddress: string;
  /** The TopupGroupRatio of a user group; 1 when unset or not a positive number. */
  groupRatio: (group: string) => number;
};

const trimSlash = (s: string) => s.trim().replace(/\/+$/, "");

export async function loadPaymentSettings(): Promise<PaymentSettings> {
  const o = await getOptions();
  const s = (k: OptionKey) => o.text(k).trim();
  // Blank (not 0) falls back too: the payment form saves an emptied field as "".
  const num = (k: NumOptionKey, fallback: number) => {
    const n = Number(s(k));
    return s(k) !== "" && Number.isFinite(n) ? n : fallback;
  };
  const address = s("PayAddress");
  const pid = s("EpayId");
  const key = s("EpayKey");
  const ratios = parseJsonOption<Record<string, unknown>>(s("TopupGroupRatio"), {});
  const serverAddress = trimSlash(s("ServerAddress"));
  return {
    epay: address && pid && key ? { address, pid, key } : null,
    price: num("Price", 7.3),
    minTopUp: Math.max(1, Math.ceil(num("MinTopUp", 1))),
    quotaPerUnit: num("QuotaPerUnit", 500000) || 500000,
    topUpLink: s("TopUpLink"),
    serverAddress,
    callbackAddress: trimSlash(s("CustomCallbackAddress")) || serverAddress,
    groupRatio: (group) => {
      const r = Number(ratios && typeof ratios === "object" ? ratios[group] : undefined);
      return Number.isFinite(r) && r > 0 ? r : 1;
    },
  };
}
