import "server-only";

// Review N2: a request may carry several output-limit fields (aliases), and each upstream or
// converter prefers its own (`max_completion_tokens ?? max_tokens` in the converters, vLLM prefers
// max_completion_tokens, Google accepts snake_case JSON). So the reservation is planned on the
// LARGEST of them, and the cap is written into EVERY one present: no reader can pick a larger alias.
type Json = Record<string, unknown>;

/** OpenAI chat, completions and Responses output limits (all three read the same way). */
export const OPENAI_LIMIT_FIELDS = ["max_tokens", "max_completion_tokens", "max_output_tokens"] as const;
/** Gemini generationConfig output limits (proto JSON accepts both spellings). */
export const GEMINI_LIMIT_FIELDS = ["maxOutputTokens", "max_output_tokens"] as const;
/** Gemini generationConfig candidate counts. */
export const GEMINI_CHOICE_FIELDS = ["candidateCount", "candidate_count"] as const;

/** A count as an upstream would read it: proto JSON (Gemini) accepts integers written as strings. */
function positive(v: unknown): number {
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The largest output limit among `fields` of `obj` (0: none set). */
export function largestLimit(obj: unknown, fields: readonly string[]): number {
  if (!obj || typeof obj !== "object") return 0;
  let max = 0;
  for (const f of fields) if (Object.hasOwn(obj, f)) max = Math.max(max, positive((obj as Json)[f]));
  return max;
}

/** Choices generated per call (OpenAI n / best_of, Gemini candidateCount): at least 1. */
export function choiceCount(...values: unknown[]): number {
  return Math.max(1, ...values.map(positive));
}

/** Writes `cap` into each of `fields` present in `obj`; answers whether any was. */
export function rewriteLimits(obj: Json, fields: readonly string[], cap: number): boolean {
  let found = false;
  for (const f of fields)
    if (Object.hasOwn(obj, f) && obj[f] !== undefined && obj[f] !== null) {
      obj[f] = cap;
      found = true;
    }
  return found;
}

/** A Gemini body's generation configs (camelCase and snake_case spellings), when objects. */
export function geminiConfigs(body: Json): Json[] {
  const out: Json[] = [];
  for (const k of ["generationConfig", "generation_config"]) {
    const g = Object.hasOwn(body, k) ? body[k] : undefined;
    if (g && typeof g === "object" && !Array.isArray(g)) out.push(g as Json);
  }
  return out;
}
