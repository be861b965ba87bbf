import "server-only";

// Prices from the options. Parsed JSON is memoised per
// option value, so the hot path re-parses only after an admin edit.
import { getOptions, type ReadonlyOptions } from "@/lib/server/options/store";
import { ownValue, parseJsonMap } from "@/lib/own-keys";

export type PriceTable = {
  quotaPerUnit: number;
  modelPrice: Record<string, number>;
  modelRatio: Record<string, number>;
  completionRatio: Record<string, number>;
  cacheRatio: Record<string, number>;
  groupRatio: Record<string, number>;
  selfUse: boolean;
  preConsumedQuota: number;
  /** Price of models with neither a price nor a ratio (options fallback_*), when enabled. */
  fallback?: Fallback | null;
};

/** Either a single per-request price or an input + completion ratio, never mixed. */
export type Fallback = { mode: "price"; price: number } | { mode: "ratio"; ratio: number; completionRatio: number };

export type ModelPricing =
  | { mode: "price"; price: number; groupRatio: number; fallback?: boolean }
  | {
      mode: "ratio";
      modelRatio: number;
      completionRatio: number;
      cacheRatio: number;
      groupRatio: number;
      unset: boolean;
      fallback?: boolean;
    };

const memo = new Map<string, Record<string, number>>();
function parseMap(text: string | undefined): Record<string, number> {
  const key = text ?? "";
  let v = memo.get(key);
  if (!v) {
    try {
      // Keys are model and group names a client sends: no inherited members (own-keys.ts).
      const parsed = parseJsonMap<unknown>(key || "{}");
      v = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
    } catch {
      v = {};
    }
    if (memo.size > 64) memo.clear();
    memo.set(key, v);
  }
  return v;
}

const finiteOr = (v: unknown, fallback: number): number => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

const nonNegative = (v: string | undefined): number | null => {
  if (v === undefined || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The fallback pricing in force, or null (disabled, or an incomplete/mixed configuration). */
export function fallbackFromOptions(o: ReadonlyOptions): Fallback | null {
  if (!o.bool("fallback_pricing_enabled")) return null;
  const price = nonNegative(o.str("fallback_single_price"));
  const input = nonNegative(o.str("fallback_input_ratio"));
  const completion = nonNegative(o.str("fallback_completion_ratio"));
  if (price !== null && input === null && completion === null) return { mode: "price", price };
  if (price === null && input !== null && completion !== null)
    return { mode: "ratio", ratio: input, completionRatio: completion };
  return null;
}

export async function getPriceTable(): Promise<PriceTable> {
  const o = await getOptions();
  return {
    quotaPerUnit: o.num("QuotaPerUnit") || 500000,
    modelPrice: parseMap(o.text("ModelPrice")),
    modelRatio: parseMap(o.text("ModelRatio")),
    completionRatio: parseMap(o.text("CompletionRatio")),
    cacheRatio: parseMap(o.text("CacheRatio")),
    groupRatio: parseMap(o.text("GroupRatio")),
    selfUse: o.bool("SelfUseModeEnabled"),
    preConsumedQuota: o.num("PreConsumedQuota") || 0,
    fallback: fallbackFromOptions(o),
  };
}

/** Built-in completion ratios by model family when CompletionRatio has no entry. */
export function defaultCompletionRatio(model: string): number {
  const m = model.toLowerCase();
  if (m.startsWith("gpt-5")) return 8;
  if (
    m.startsWith("gpt-4o") ||
    m.startsWith("gpt-4.1") ||
    m.startsWith("o1") ||
    m.startsWith("o3") ||
    m.startsWith("o4")
  )
    return 4;
  if (m.startsWith("gpt-4-turbo") || m.startsWith("gpt-4-1106") || m.startsWith("gpt-4-0125")) return 3;
  if (m.startsWith("gpt-4")) return 2;
  if (m.startsWith("gpt-3.5")) return 3;
  if (m.startsWith("claude")) return 5;
  if (m.startsWith("gemini-2.5-pro")) return 8;
  if (m.startsWith("gemini")) return 4;
  if (m.startsWith("deepseek-reasoner")) return 4;
  if (m.startsWith("deepseek")) return 2;
  return 1;
}

export const SELF_USE_DEFAULT_RATIO = 37.5;

/** Pricing of a model for a group, or null when the model is not priced (and may not be used). */
export function priceModel(table: PriceTable, model: string, group: string, acceptUnset: boolean): ModelPricing | null {
  const groupRatio = finiteOr(ownValue(table.groupRatio, group), 1);
  const price = ownValue(table.modelPrice, model);
  if (typeof price === "number" && price >= 0) return { mode: "price", price, groupRatio };
  const ratio = ownValue(table.modelRatio, model);
  const completionRatio = finiteOr(ownValue(table.completionRatio, model), defaultCompletionRatio(model));
  const cacheRatio = finiteOr(ownValue(table.cacheRatio, model), 1);
  if (typeof ratio === "number" && ratio >= 0)
    return { mode: "ratio", modelRatio: ratio, completionRatio, cacheRatio, groupRatio, unset: false };
  const f = table.fallback;
  if (f?.mode === "price") return { mode: "price", price: f.price, groupRatio, fallback: true };
  if (f?.mode === "ratio")
    return {
      mode: "ratio",
      modelRatio: f.ratio,
      completionRatio: f.completionRatio,
      cacheRatio,
      groupRatio,
      unset: false,
      fallback: true,
    };
  if (table.selfUse || acceptUnset)
    return { mode: "ratio", modelRatio: SELF_USE_DEFAULT_RATIO, completionRatio, cacheRatio, groupRatio, unset: true };
  return null;
}

/**
 * Token usage of one call, normalised to OpenAI semantics whatever the upstream format:
 * promptTokens INCLUDES cachedTokens (cache reads) and cacheWriteTokens (cache creation), so a
 * Claude usage {input_tokens, cache_read_input_tokens, cache_creation_input_tokens} becomes
 * promptTokens = input + read + creation, cachedTokens = read, cacheWriteTokens = creation.
 */
export type Usage = {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  cacheWriteTokens?: number;
  /** Reasoning (thinking) tokens, already inside completionTokens: reported to clients, not billed apart. */
  reasoningTokens?: number;
  /** Web searches the upstream ran itself (server tools), billed per call at the vendor's price. */
  webSearch?: WebSearchUse;
};

/** Server-side web searches of one call and the vendor's price per 1,000 of them (USD). */
export type WebSearchUse = { calls: number; usdPerThousand: number };

/**
 * Vendors' web-search prices per 1,000 calls (USD), as new-api bills them
 * (setting/operation_setting/tools.go): Anthropic's web_search server tool $10; OpenAI's Responses
 * web_search $10 for o3 / o4 / gpt-5 models and $25 for the others.
 */
export const CLAUDE_WEB_SEARCH_USD_PER_K = 10;
export const openAIWebSearchUsdPerK = (model: string) => (/^(o3|o4|gpt-5)/.test(model) ? 10 : 25);

/** Quota of the server-side web searches (like new-api: × group ratio, not the model ratio). */
export function webSearchQuota(w: WebSearchUse | undefined, quotaPerUnit: number, groupRatio: number): number {
  if (!w || !(w.calls > 0)) return 0;
  return (w.calls * w.usdPerThousand * quotaPerUnit * groupRatio) / 1000;
}

/** Price of cache creation relative to input when CacheRatio says nothing (Anthropic: 1.25x). */
export const CREATE_CACHE_RATIO = 1.25;

/**
 * Quota for actual usage (half-away-from-zero rounding; a priced call never costs 0). `otherRatio`
 * multiplies the result (e.g. the number of images asked for in price mode).
 */
export function quotaForUsage(p: ModelPricing, u: Usage, quotaPerUnit: number, otherRatio = 1): number {
  if (p.mode === "price") return Math.round(p.price * quotaPerUnit * p.groupRatio * otherRatio);
  const write = u.cacheWriteTokens ?? 0;
  const base = Math.max(0, u.promptTokens - u.cachedTokens - write);
  const promptQ = base + u.cachedTokens * p.cacheRatio + write * CREATE_CACHE_RATIO;
  const q = Math.round(
    (promptQ + u.completionTokens * p.completionRatio) * p.modelRatio * p.groupRatio * otherRatio +
      webSearchQuota(u.webSearch, quotaPerUnit, p.groupRatio),
  );
  if (p.modelRatio !== 0 && p.groupRatio !== 0 && q <= 0 && u.promptTokens + u.completionTokens > 0) return 1;
  return q;
}

/** Upper-bound estimate reserved before the upstream call. */
export function quotaToReserve(
  p: ModelPricing,
  promptTokens: number,
  maxTokens: number,
  table: PriceTable,
  otherRatio = 1,
): number {
  if (p.mode === "price") return Math.round(p.price * table.quotaPerUnit * p.groupRatio * otherRatio);
  const completion = maxTokens > 0 ? maxTokens : table.preConsumedQuota;
  return Math.ceil((promptTokens + completion * p.completionRatio) * p.modelRatio * p.groupRatio * otherRatio);
}
