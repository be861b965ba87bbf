// Virtual model routing (option ModelMapping), fallback pricing and the retry policy.
import { optionsOf } from "@/lib/server/options/store";
import { fallbackFromOptions, priceModel, type PriceTable } from "@/lib/server/ledger/pricing";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { retryPolicy } from "@/relay/routing/channel-health";
import { resolveRoutes } from "@/relay/routing/select-channel";

const table: PriceTable = {
  quotaPerUnit: 500000,
  modelPrice: { fixed: 0.01 },
  modelRatio: { a: 1, b: 2, c: 3 },
  completionRatio: {},
  cacheRatio: {},
  groupRatio: { default: 1 },
  selfUse: false,
  preConsumedQuota: 500,
};
const ch = (id: number) => ({ id, priority: 0, weight: 1 }) as unknown as CachedChannel;
const serving: Record<string, CachedChannel[]> = { a: [ch(1)], b: [ch(2)], fixed: [ch(3)], unpriced: [ch(4)] };
const mapping = JSON.stringify({
  v: [
    { model: "a", priorities: 1 },
    { model: "b", priorities: 5 },
    { model: "gone", priorities: 9 },
  ],
  bad: [{ model: "unpriced", priorities: 1 }],
  nowhere: [{ model: "c", priorities: 1 }],
});
const resolve = (model: string, mappingText = mapping) =>
  resolveRoutes({
    model,
    mappingText,
    table,
    group: "default",
    acceptUnset: false,
    candidatesFor: (m) => serving[m] ?? [],
  });

test("a virtual model routes to its served actual models, higher priority first, each with its own price", () => {
  const { routes, pricing } = resolve("v");
  expect(routes.map((r) => r.model)).toEqual(["b", "a"]);
  expect(routes.map((r) => (r.pricing.mode === "ratio" ? r.pricing.modelRatio : -1))).toEqual([2, 1]);
  expect(pricing).toBe(routes[0]!.pricing);
});

test("plain models keep one route; errors stay the relay's usual ones", () => {
  expect(resolve("fixed").routes.map((r) => r.model)).toEqual(["fixed"]);
  expect(() => resolve("unpriced")).toThrow(expect.objectContaining({ code: "model_price_error" }));
  expect(() => resolve("bad")).toThrow(expect.objectContaining({ code: "model_price_error" }));
  expect(resolve("c").routes).toEqual([]); // priced, no channel: 503 after rate limits
  expect(resolve("nowhere").routes).toEqual([]);
  // A broken mapping (never stored through the API) means no virtual models: "v" is an unpriced model.
  expect(() => resolve("v", "not json")).toThrow(expect.objectContaining({ code: "model_price_error" }));
});

test("fallback pricing applies to unpriced models only, never mixed", () => {
  const o = (e: Record<string, string>) => optionsOf(Object.entries({ fallback_pricing_enabled: "true", ...e }));
  expect(fallbackFromOptions(o({ fallback_single_price: "0.02" }))).toEqual({ mode: "price", price: 0.02 });
  expect(fallbackFromOptions(o({ fallback_input_ratio: "1", fallback_completion_ratio: "2" }))).toEqual({
    mode: "ratio",
    ratio: 1,
    completionRatio: 2,
  });
  expect(fallbackFromOptions(o({ fallback_single_price: "1", fallback_input_ratio: "1" }))).toBeNull();
  expect(fallbackFromOptions(o({ fallback_input_ratio: "1" }))).toBeNull();
  expect(fallbackFromOptions(optionsOf([["fallback_single_price", "1"]]))).toBeNull();
  const t = { ...table, fallback: { mode: "price" as const, price: 0.02 } };
  expect(priceModel(t, "unknown", "default", false)).toMatchObject({ mode: "price", price: 0.02, fallback: true });
  expect(priceModel(t, "a", "default", false)).toMatchObject({ mode: "ratio", modelRatio: 1 });
});

test("retry policy: RetryTimes, or the global auto-retry settings; none when pinned", () => {
  const o = (e: Record<string, string>) => optionsOf(Object.entries(e));
  expect(retryPolicy(o({ RetryTimes: "2", AutomaticRetryStatusCodes: "500-599" }), false)).toEqual({
    times: 2,
    statusCodes: "500-599",
  });
  expect(
    retryPolicy(
      o({
        RetryTimes: "0",
        "global.auto_retry_enabled": "true",
        "global.auto_retry_count": "4",
        "global.auto_retry_status_codes": "5xx,429",
      }),
      false,
    ),
  ).toEqual({ times: 4, statusCodes: "500-599,429" });
  expect(retryPolicy(o({ RetryTimes: "3" }), true).times).toBe(0);
});
