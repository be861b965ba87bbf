import {
  defaultCompletionRatio,
  priceModel,
  quotaForUsage,
  quotaToReserve,
  type PriceTable,
} from "@/lib/server/ledger/pricing";

const table: PriceTable = {
  quotaPerUnit: 500000,
  modelPrice: { "dall-e-3": 0.04 },
  modelRatio: { "gpt-4o": 1.25, free: 0 },
  completionRatio: { "gpt-4o": 4 },
  cacheRatio: { "gpt-4o": 0.5 },
  groupRatio: { default: 1, vip: 0.5 },
  selfUse: false,
  preConsumedQuota: 500,
};

test("per-request price: price x QuotaPerUnit x group ratio", () => {
  const p = priceModel(table, "dall-e-3", "vip", false)!;
  expect(quotaForUsage(p, { promptTokens: 999, completionTokens: 999, cachedTokens: 0 }, 500000)).toBe(10000);
});

test("per-token ratio with completion and cache ratios", () => {
  const p = priceModel(table, "gpt-4o", "default", false)!;
  // (100 - 40 + 40*0.5 + 10*4) * 1.25 * 1 = 150
  expect(quotaForUsage(p, { promptTokens: 100, completionTokens: 10, cachedTokens: 40 }, 500000)).toBe(150);
  expect(quotaToReserve(p, 100, 50, table)).toBe(Math.ceil((100 + 50 * 4) * 1.25));
  expect(quotaToReserve(p, 100, 0, table)).toBe(Math.ceil((100 + 500 * 4) * 1.25));
});

test("a priced call never costs 0; a free model costs 0", () => {
  const tiny = priceModel({ ...table, modelRatio: { t: 0.0001 } }, "t", "default", false)!;
  expect(quotaForUsage(tiny, { promptTokens: 1, completionTokens: 0, cachedTokens: 0 }, 500000)).toBe(1);
  const free = priceModel(table, "free", "default", false)!;
  expect(quotaForUsage(free, { promptTokens: 100, completionTokens: 100, cachedTokens: 0 }, 500000)).toBe(0);
});

test("unpriced models are refused unless self-use or the user accepts unset ratios", () => {
  expect(priceModel(table, "unknown", "default", false)).toBeNull();
  expect(priceModel(table, "unknown", "default", true)).toMatchObject({ mode: "ratio", modelRatio: 37.5, unset: true });
  expect(priceModel({ ...table, selfUse: true }, "unknown", "default", false)).toMatchObject({ unset: true });
});

test("built-in completion ratios by family", () => {
  expect(defaultCompletionRatio("gpt-4o-mini")).toBe(4);
  expect(defaultCompletionRatio("claude-3-5-sonnet")).toBe(5);
  expect(defaultCompletionRatio("some-model")).toBe(1);
});
