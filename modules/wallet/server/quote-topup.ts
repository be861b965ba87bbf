import "server-only";

// POST /api/user/amount: what an online top-up of `amount` USD units costs the caller.
// money = amount × Price × TopupGroupRatio[group], rounded to cents.
import { AppError } from "@/lib/server/http/app-error";
import { loadPaymentSettings, type PaymentSettings } from "@/modules/wallet/server/load-payment-settings";

export type TopupQuote = { amount: number; unit_price: number };

/** The price of a top-up, after the checks every top-up call shares. */
export function priceTopup(
  settings: PaymentSettings,
  group: string,
  amount: number,
): { money: number; unitPrice: number } {
  if (!settings.epay) throw new AppError("bad_request", "topup_online_disabled");
  if (amount < settings.minTopUp)
    throw new AppError("bad_request", "topup_amount_below_min", { min: settings.minTopUp });
  const unitPrice = settings.price * settings.groupRatio(group);
  const money = Math.round(amount * unitPrice * 100) / 100;
  if (!(money >= 0.01)) throw new AppError("bad_request", "topup_money_too_low");
  return { money, unitPrice: Math.round(unitPrice * 10000) / 10000 };
}

export async function quoteTopup(user: { group: string }, amount: number): Promise<TopupQuote> {
  const { money, unitPrice } = priceTopup(await loadPaymentSettings(), user.group, amount);
  return { amount: money, unit_price: unitPrice };
}
