import { QUOTA_TYPE } from "@/lib/constants";
// Prices as the /pricing page shows them: price per 1M tokens = ratio × 2 × group ratio
// (USD); completion price per 1M = that × completion ratio; per-call models cost price × group ratio.
import type { PricingModel } from "@/modules/pricing/server/list-pricing";

export type { PricingModel };

export type ModelPrices = { kind: "per_token"; input: number; output: number } | { kind: "per_call"; price: number };

export function modelPrices(m: PricingModel, groupRatio: number): ModelPrices {
  if (m.quota_type === QUOTA_TYPE.perCall) return { kind: "per_call", price: m.model_price * groupRatio };
  const input = m.model_ratio * 2 * groupRatio;
  return { kind: "per_token", input, output: input * m.completion_ratio };
}

/** USD, or quota units when the site displays tokens instead of currency. */
export function formatPrice(usd: number, opts: { currency: boolean; quotaPerUnit: number }): string {
  if (!opts.currency) return String(Math.round(usd * (opts.quotaPerUnit || 500000)));
  const digits = usd !== 0 && Math.abs(usd) < 0.01 ? 6 : usd < 1 ? 4 : 2;
  return `$${Number(usd.toFixed(digits))}`;
}

export function filterModels(models: PricingModel[], group: string, search: string): PricingModel[] {
  const q = search.trim().toLowerCase();
  return models.filter(
    (m) => (!group || m.enable_groups.includes(group)) && (!q || m.model_name.toLowerCase().includes(q)),
  );
}
