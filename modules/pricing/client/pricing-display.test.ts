import { filterModels, formatPrice, modelPrices, type PricingModel } from "@/modules/pricing/client/pricing-display";

const ratio: PricingModel = {
  model_name: "gpt-4o",
  quota_type: 0,
  model_ratio: 1.25,
  completion_ratio: 4,
  model_price: 0,
  enable_groups: ["default", "vip"],
};
const perCall: PricingModel = { ...ratio, model_name: "mj", quota_type: 1, model_price: 0.1, enable_groups: ["vip"] };

test("per-token prices per 1M tokens: ratio × 2 × group ratio, output × completion ratio", () => {
  expect(modelPrices(ratio, 1)).toEqual({ kind: "per_token", input: 2.5, output: 10 });
  expect(modelPrices(ratio, 0.5)).toEqual({ kind: "per_token", input: 1.25, output: 5 });
  expect(modelPrices(perCall, 2)).toEqual({ kind: "per_call", price: 0.2 });
});

test("prices in dollars or in quota units", () => {
  expect(formatPrice(2.5, { currency: true, quotaPerUnit: 500000 })).toBe("$2.5");
  expect(formatPrice(0.0015, { currency: true, quotaPerUnit: 500000 })).toBe("$0.0015");
  expect(formatPrice(0.00000123, { currency: true, quotaPerUnit: 500000 })).toBe("$0.000001");
  expect(formatPrice(2.5, { currency: false, quotaPerUnit: 500000 })).toBe("1250000");
});

test("group and search filters", () => {
  expect(filterModels([ratio, perCall], "default", "").map((m) => m.model_name)).toEqual(["gpt-4o"]);
  expect(filterModels([ratio, perCall], "vip", "M").map((m) => m.model_name)).toEqual(["mj"]);
  expect(filterModels([ratio, perCall], "", "").length).toBe(2);
});
