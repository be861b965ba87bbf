// Display rules of the usage-logs page, pure so they are unit-tested.
import type { BadgeTone } from "@/components/ui/badge";
import { LOG_TYPE, LOG_TYPE_ANY } from "@/lib/constants";

/** The type filter's choices: any type, then every log type. */
export const LOG_TYPES = [LOG_TYPE_ANY, ...Object.values(LOG_TYPE)] as const;

/** Total use time: green up to 100 s, orange under 300 s, red beyond. */
export function elapsedTone(seconds: number): BadgeTone {
  if (seconds <= 100) return "success";
  if (seconds < 300) return "warning";
  return "danger";
}

/** First-token time: green under 3 s, orange under 10 s, red beyond. */
export function firstTokenTone(ms: number): BadgeTone {
  if (ms < 3000) return "success";
  if (ms < 10_000) return "warning";
  return "danger";
}

/** Default range: from the start of today to one hour from now. */
export function defaultLogRange(now = new Date()): { start: number; end: number } {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return { start: Math.floor(start.getTime() / 1000), end: Math.floor(now.getTime() / 1000) + 3600 };
}

export { parseJsonObjectText as parseLogOther } from "@/lib/json-text";

/** The channels a request went through (admin_info.use_channel), as "3 → 5". */
export function retryChain(other: Record<string, unknown>): string {
  const info = other.admin_info as { use_channel?: unknown } | undefined;
  const chain = Array.isArray(info?.use_channel) ? info.use_channel.map(String) : [];
  return chain.length > 1 ? chain.join(" → ") : "";
}

/** The ordered detail entries of a log row's `other` JSON: known keys first, the rest after. */
export const DETAIL_KEYS = [
  "model_ratio",
  "completion_ratio",
  "model_price",
  "group_ratio",
  "cache_tokens",
  "cache_ratio",
  "cache_creation_tokens",
  "frt",
  "upstream_model_name",
  "request_path",
  "reasoning_effort",
  "status_code",
  "error_type",
  "error_code",
  "billing_source",
  "subscription_plan_title",
  "subscription_id",
  "subscription_consumed",
  "subscription_remain",
  "subscription_total",
] as const;

export function detailEntries(other: Record<string, unknown>): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  // Bookkeeping of the subscription's settlement, shown through the fields above.
  const seen = new Set<string>([
    "admin_info",
    "is_model_mapped",
    "is_stream",
    "channel_id",
    "subscription_plan_id",
    "subscription_pre_consumed",
    "subscription_post_delta",
    "subscription_used",
    "wallet_quota_deducted",
  ]);
  for (const key of DETAIL_KEYS) {
    seen.add(key);
    const v = other[key];
    if (v === undefined || v === null || v === "" || (key === "model_price" && v === -1)) continue;
    if (key === "upstream_model_name" && !other.is_model_mapped) continue;
    out.push({ key, value: typeof v === "object" ? JSON.stringify(v) : String(v) });
  }
  for (const [key, v] of Object.entries(other)) {
    if (seen.has(key) || v === undefined || v === null || v === "") continue;
    out.push({ key, value: typeof v === "object" ? JSON.stringify(v) : String(v) });
  }
  return out;
}
