import "server-only";

// Gemini options (gemini.* in the options store) and the pure helpers built on them: API version per
// model, safety settings, the thinking suffix adapter, and tool-schema cleaning (Gemini rejects JSON
// Schema keywords it does not know, e.g. $schema and additionalProperties, and refuses the call).
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { Json } from "@/relay/kernel/format";
import { ownValue, parseJsonMap } from "@/lib/own-keys";

type Options = ReadonlyOptions | undefined;

function jsonOption(options: Options, key: string): Record<string, unknown> {
  try {
    const v = parseJsonMap(options?.get(key) ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** gemini.version_settings: {"default":"v1beta","<model>":"v1"}. */
export function geminiVersion(options: Options, model: string): string {
  const s = jsonOption(options, "gemini.version_settings");
  const v = ownValue(s, model) ?? ownValue(s, "default");
  return typeof v === "string" && /^v\d+[a-z0-9]*$/.test(v) ? v : "v1beta";
}

export const HARM_CATEGORIES = [
  "HARM_CATEGORY_HARASSMENT",
  "HARM_CATEGORY_HATE_SPEECH",
  "HARM_CATEGORY_SEXUALLY_EXPLICIT",
  "HARM_CATEGORY_DANGEROUS_CONTENT",
  "HARM_CATEGORY_CIVIC_INTEGRITY",
] as const;

/** gemini.safety_settings: {"default":"OFF","<category>":"BLOCK_NONE"} -> one entry per category. */
export function safetySettings(options: Options): { category: string; threshold: string }[] {
  const s = jsonOption(options, "gemini.safety_settings");
  const fallback = typeof s.default === "string" ? s.default : "OFF";
  return HARM_CATEGORIES.map((category) => ({
    category,
    threshold: typeof s[category] === "string" ? (s[category] as string) : fallback,
  }));
}

export type ThinkingSuffix = { model: string; mode: "thinking" | "nothinking" | "budget" | null; budget?: number };

/** Splits -thinking / -nothinking / -thinking-<budget> off a model name when the adapter is enabled. */
export function thinkingSuffix(options: Options, model: string): ThinkingSuffix {
  if (!options?.bool("gemini.thinking_adapter_enabled")) return { model, mode: null };
  let m = model.match(/^(.+)-thinking-(\d+)$/);
  if (m) return { model: m[1]!, mode: "budget", budget: Number(m[2]) };
  m = model.match(/^(.+)-nothinking$/);
  if (m) return { model: m[1]!, mode: "nothinking" };
  m = model.match(/^(.+)-thinking$/);
  if (m) return { model: m[1]!, mode: "thinking" };
  return { model, mode: null };
}

/** The model the Gemini channel is asked for (thinking suffix stripped). */
export const geminiUpstreamModel = (options: Options, model: string): string => thinkingSuffix(options, model).model;

/** reasoning_effort -> thinking budget (tokens). */
const EFFORT_BUDGET: Record<string, number> = { none: 0, minimal: 0, low: 1024, medium: 8192, high: 24576 };

/**
 * thinkingConfig for a request, or null to leave the upstream default. The suffix wins over
 * reasoning_effort. -thinking uses maxOutputTokens × gemini.thinking_adapter_budget_tokens_percentage
 * (dynamic budget -1 when no output limit is known).
 */
export function thinkingConfig(
  options: Options,
  model: string,
  maxOutputTokens: number | undefined,
  reasoningEffort: unknown,
): Json | null {
  const s = thinkingSuffix(options, model);
  if (s.mode === "nothinking") return { thinkingBudget: 0 };
  if (s.mode === "budget") return { thinkingBudget: s.budget, includeThoughts: true };
  if (s.mode === "thinking") {
    const pct = options?.num("gemini.thinking_adapter_budget_tokens_percentage") ?? 0.6;
    const budget =
      maxOutputTokens && Number.isFinite(pct) && pct > 0 ? Math.floor(maxOutputTokens * Math.min(pct, 1)) : -1;
    return { thinkingBudget: budget, includeThoughts: true };
  }
  const budget = typeof reasoningEffort === "string" ? ownValue(EFFORT_BUDGET, reasoningEffort) : undefined;
  if (budget !== undefined) {
    return budget ? { thinkingBudget: budget, includeThoughts: true } : { thinkingBudget: 0 };
  }
  return null;
}

/** Schema keywords Gemini accepts (OpenAPI 3 subset); everything else is dropped. */
const SCHEMA_KEYS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "maxItems",
  "minItems",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "example",
  "anyOf",
  "propertyOrdering",
  "default",
  "items",
  "minimum",
  "maximum",
]);
/** String formats Gemini accepts (others such as "uri" are rejected with 400). */
const FORMATS = new Set(["enum", "date-time", "int32", "int64", "float", "double"]);

/** A JSON Schema cleaned for Gemini function declarations (recursive; the input is not modified). */
export function cleanSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleanSchema);
  if (!schema || typeof schema !== "object") return schema;
  const src = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (!SCHEMA_KEYS.has(k)) continue;
    if (k === "properties" && v && typeof v === "object") {
      out.properties = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, cleanSchema(s)]));
    } else if (k === "items" || k === "anyOf") out[k] = cleanSchema(v);
    else if (k === "format") {
      if (typeof v === "string" && FORMATS.has(v)) out.format = v;
    } else if (k === "type" && Array.isArray(v)) {
      // ["string","null"] -> type string, nullable
      const types = v.filter((t) => t !== "null");
      if (types.length) out.type = types[0];
      if (types.length < v.length) out.nullable = true;
    } else out[k] = v;
  }
  if (src.const !== undefined && out.enum === undefined) out.enum = [src.const];
  if (Array.isArray(out.required) && out.properties && typeof out.properties === "object") {
    const props = out.properties as Json;
    out.required = (out.required as unknown[]).filter((r) => typeof r === "string" && r in props);
  }
  return out;
}
