// The capped output limit goes into the field each dialect (and endpoint) reads: the dialect owns it
// (vendors/<vendor>/format.ts capOutput), routing/reserve-quota.ts only asks.
import { capOutputTokens, OUTPUT_BOUND, planReservation } from "@/relay/routing/reserve-quota";
import { choiceCount, GEMINI_LIMIT_FIELDS, largestLimit, OPENAI_LIMIT_FIELDS } from "@/relay/kernel/output-limits";
import type { ModelPricing, PriceTable } from "@/lib/server/ledger/pricing";

test("each dialect and endpoint gets its own output-limit field", () => {
  const cases: [
    Record<string, unknown>,
    Parameters<typeof capOutputTokens>[1],
    Parameters<typeof capOutputTokens>[2],
  ][] = [
    [{ model: "gpt-4o" }, "openai", "chat"],
    [{ model: "o3-mini" }, "openai", "chat"],
    [{ model: "gpt-4o", max_completion_tokens: 900, max_tokens: 900 }, "openai", "chat"],
    [{ model: "gpt-4o" }, "openai", "completions"],
    [{ model: "gpt-4o" }, "openai", "responses"],
    [{ model: "claude" }, "claude", "chat"],
    [{ generationConfig: { temperature: 0.2 } }, "gemini", "chat"],
  ];
  for (const [body, format, mode] of cases) capOutputTokens(body, format, mode, 64);
  expect(cases.map(([body]) => body)).toEqual([
    { model: "gpt-4o", max_tokens: 64 },
    { model: "o3-mini", max_completion_tokens: 64 },
    { model: "gpt-4o", max_completion_tokens: 64, max_tokens: 64 },
    { model: "gpt-4o", max_tokens: 64 },
    { model: "gpt-4o", max_output_tokens: 64 },
    { model: "claude", max_tokens: 64 },
    { generationConfig: { temperature: 0.2, maxOutputTokens: 64 } },
  ]);
});

// Review N2: every alias gets the cap, even when the reservation covers the request, so no reader
// (converters read max_completion_tokens ?? max_tokens) can pick a larger one.
test("every output-limit alias present is rewritten to the cap", () => {
  const chat: Record<string, unknown> = { model: "gpt-4o", max_tokens: 1, max_completion_tokens: 64000 };
  capOutputTokens(chat, "openai", "chat", 993);
  expect(chat).toEqual({ model: "gpt-4o", max_tokens: 993, max_completion_tokens: 993 });
  const responses: Record<string, unknown> = { max_output_tokens: 5000, max_tokens: 9 };
  capOutputTokens(responses, "openai", "responses", 70);
  expect(responses).toEqual({ max_output_tokens: 70, max_tokens: 70 });
  const gemini: Record<string, unknown> = {
    generationConfig: { maxOutputTokens: 10 },
    generation_config: { max_output_tokens: "64000" },
  };
  capOutputTokens(gemini, "gemini", "chat", 50);
  expect(gemini).toEqual({ generationConfig: { maxOutputTokens: 50 }, generation_config: { max_output_tokens: 50 } });
});

test("the largest limit and the choice count are read from every alias", () => {
  expect(largestLimit({ max_tokens: 1, max_completion_tokens: 64000 }, OPENAI_LIMIT_FIELDS)).toBe(64000);
  expect(largestLimit({ max_output_tokens: 7 }, OPENAI_LIMIT_FIELDS)).toBe(7);
  expect(largestLimit({ maxOutputTokens: 5, max_output_tokens: "900" }, GEMINI_LIMIT_FIELDS)).toBe(900);
  expect(largestLimit({ max_tokens: "lots" }, OPENAI_LIMIT_FIELDS)).toBe(0);
  expect(largestLimit(Object.create({ max_tokens: 99 }), OPENAI_LIMIT_FIELDS)).toBe(0);
  expect(choiceCount(undefined, 0)).toBe(1);
  expect(choiceCount(100, 3)).toBe(100);
  expect(choiceCount(null, "4")).toBe(4);
});

describe("planReservation", () => {
  const table: PriceTable = {
    quotaPerUnit: 500000,
    modelPrice: {},
    modelRatio: {},
    completionRatio: {},
    cacheRatio: {},
    groupRatio: {},
    selfUse: false,
    preConsumedQuota: 0,
  };
  const ratio1: ModelPricing = {
    mode: "ratio",
    modelRatio: 1,
    completionRatio: 1,
    cacheRatio: 1,
    groupRatio: 1,
    unset: false,
  };

  test("a client limit is written back even when the reservation covers it", () => {
    const plan = planReservation([ratio1], 10, 500, table, 1, "chat");
    expect(plan.amount).toBe(510);
    expect(plan.capFor(510)).toBe(500);
    expect(plan.capFor(310)).toBe(300);
  });

  test("n choices are reserved for, and the cap is per choice", () => {
    const plan = planReservation([ratio1], 10, 500, table, 1, "chat", 100);
    expect(plan.amount).toBe(50_010);
    expect(plan.min).toBe(110);
    // 1,000 reserved: (1000 - 10) / 100 choices = 9 tokens each; 100 × 9 + 10 ≤ 1000.
    expect(plan.capFor(1000)).toBe(9);
    expect(plan.capFor(50_010)).toBe(500);
  });

  test("no client limit and affordable: nothing written; not affordable: capped per choice", () => {
    const plan = planReservation([ratio1], 10, 0, table, 1, "chat", 2);
    expect(plan.amount).toBe(10 + 2 * OUTPUT_BOUND);
    expect(plan.capFor(plan.amount)).toBeNull();
    expect(plan.capFor(1010)).toBe(500);
  });
});
