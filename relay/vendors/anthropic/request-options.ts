import "server-only";

// Claude settings read from the options snapshot (claude.* keys, defaults in options/defaults.ts).
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { Json } from "@/relay/kernel/format";
import { parseJsonMap } from "@/lib/own-keys";

export const DEFAULT_MAX_TOKENS = 8192;
export const THINKING_SUFFIX = "-thinking";
/** reasoning_effort -> thinking budget (Claude requires at least 1024). */
export const EFFORT_BUDGET: Record<string, number> = { low: 1280, medium: 2048, high: 4096 };

function parseJson(raw: string | undefined): Json | null {
  if (!raw) return null;
  try {
    const v = parseJsonMap(raw);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

/** claude.default_max_tokens: {"default": 8192, "<model>": n}. */
export function defaultMaxTokens(options: ReadonlyOptions, model: string): number {
  const table = parseJson(options.text("claude.default_max_tokens"));
  const pick = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);
  return pick(table?.[model]) ?? pick(table?.default) ?? DEFAULT_MAX_TOKENS;
}

export function thinkingAdapterEnabled(options: ReadonlyOptions): boolean {
  return options.bool("claude.thinking_adapter_enabled");
}

export function thinkingBudgetShare(options: ReadonlyOptions): number {
  const v = options.num("claude.thinking_adapter_budget_tokens_percentage");
  return Number.isFinite(v) && v > 0 && v < 1 ? v : 0.8;
}

/** Headers a setting must not set (framing, routing and credentials stay ours). */
const RESERVED = new Set([
  "host",
  "content-length",
  "content-type",
  "connection",
  "transfer-encoding",
  "x-api-key",
  "authorization",
]);

/** claude.model_headers_settings: {"<model>": {"<header>": ["v1","v2"] | "v"}} -> headers for `model`. */
export function modelHeaders(options: ReadonlyOptions | undefined, model: string): Record<string, string> {
  const table = parseJson(options?.text("claude.model_headers_settings"));
  const entry = table?.[model];
  const out: Record<string, string> = {};
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return out;
  for (const [name, value] of Object.entries(entry as Json)) {
    const v = Array.isArray(value) ? value.filter((x) => typeof x === "string").join(",") : value;
    // Header names and values are checked so a bad setting cannot break or inject into requests.
    if (
      typeof v === "string" &&
      v &&
      /^[a-z0-9-]+$/i.test(name) &&
      /^[\x20-\x7e]+$/.test(v) &&
      !RESERVED.has(name.toLowerCase())
    )
      out[name.toLowerCase()] = v;
  }
  return out;
}
