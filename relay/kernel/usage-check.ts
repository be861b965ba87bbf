import "server-only";

// Upstream usage counts are input like any other: a reseller or another gateway may answer a string,
// a float, a negative or an absurd number. One that is not a count never reaches the ledger (a NaN
// charge made a balance NaN: unlimited spending, and a NULL the bookkeeping flush could never write;
// review 3, N6). Parsers read each field with usageCount (0 when absent, NaN when not a count); the
// relay asks checkedUsage once per request, which logs a bad usage and drops it, so the request is
// billed by our own count (marked estimated).
import type { Usage } from "@/lib/server/ledger/pricing";
import { logger, requestLogger } from "@/lib/server/logger";

/** No single call reports this many tokens: beyond it a count is a fault, not a bill. */
export const MAX_USAGE_TOKENS = 100_000_000;

const isCount = (n: unknown): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= 0 && n < MAX_USAGE_TOKENS;

/** One upstream usage field: the count, 0 when absent, NaN when present but not a count. */
export function usageCount(v: unknown): number {
  if (v === undefined || v === null) return 0;
  return isCount(v) ? v : NaN;
}

/** Every field of the usage is a count (the optional ones when present). */
export function saneUsage(u: Usage): boolean {
  return (
    isCount(u.promptTokens) &&
    isCount(u.completionTokens) &&
    isCount(u.cachedTokens) &&
    (u.cacheWriteTokens === undefined || isCount(u.cacheWriteTokens)) &&
    (u.reasoningTokens === undefined || isCount(u.reasoningTokens))
  );
}

/** The usage when every field is a count; else null (logged once: the caller then counts itself). */
export function checkedUsage(u: Usage | null, requestId: string): Usage | null {
  if (!u || saneUsage(u)) return u;
  requestLogger(requestId).warn({ usage: u }, "upstream usage is not a count: billed by our own count");
  return null;
}

/** For converters that hold no request id (native dialects rewritten into OpenAI chunks). */
export function warnBadUsage(fields: Record<string, number>): void {
  logger().warn({ usage: fields }, "upstream usage is not a count: billed by our own count");
}
