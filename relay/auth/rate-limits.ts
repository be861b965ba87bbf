import "server-only";

// Per-user and per-token request rate limits of the relay, applied to every billed call
// (entry/pipeline.ts) and to token counting (entry/count-tokens.ts); a settled call then counts
// as a success in the scopes that limit successes.
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { RelayContext } from "@/relay/kernel/context";
import { checkRateLimit, recordSuccess } from "@/relay/auth/protection";
import { relayError } from "@/relay/kernel/error-codes";
import { parseJsonMap } from "@/lib/own-keys";

/**
 * The user's (ModelRequestRateLimit*) and the token's request limits; throws the relay error of the
 * limit that is hit. Scopes with a success limit are added to ctx.rateScopes (counted on success).
 */
export async function applyRateLimits(
  ctx: Pick<RelayContext, "caller" | "headers" | "rateScopes">,
  options: ReadonlyOptions,
): Promise<void> {
  const exemptGroup = options.bool("global.rate_limit_exempt_enabled")
    ? options.get("global.rate_limit_exempt_group")
    : undefined;
  if (options.bool("ModelRequestRateLimitEnabled") && ctx.caller.group !== exemptGroup) {
    let total = Number(options.get("ModelRequestRateLimitCount")) || 0;
    let success = Number(options.get("ModelRequestRateLimitSuccessCount")) || 0;
    try {
      const byGroup = parseJsonMap<Record<string, [number, number]>>(options.get("ModelRequestRateLimitGroup") || "{}");
      const o = byGroup[ctx.caller.token?.group || ""] ?? byGroup[ctx.caller.user.group];
      if (Array.isArray(o)) [total, success] = [Number(o[0]) || 0, Number(o[1]) || 0];
    } catch {
      // invalid JSON in the option: keep the global limits
    }
    const minutes = Math.max(0, Number(options.get("ModelRequestRateLimitDurationMinutes")) || 1);
    const scope = `user:${ctx.caller.user.id}`;
    const hit = await checkRateLimit(scope, { windowMs: minutes * 60_000, total, success }, ctx.headers);
    if (success > 0) ctx.rateScopes.push({ scope, windowMs: minutes * 60_000 });
    if (hit === "total") throw relayError("rate_limit_total", { total, minutes });
    if (hit === "success") throw relayError("rate_limit_success", { success, minutes });
  }
  const tl = ctx.caller.token?.rateLimit;
  if (tl && ctx.caller.token) {
    const scope = `token:${ctx.caller.token.id}`;
    const hit = await checkRateLimit(
      scope,
      { windowMs: tl.period * 1000, total: tl.count, success: tl.success },
      ctx.headers,
    );
    if (tl.success > 0) ctx.rateScopes.push({ scope, windowMs: tl.period * 1000 });
    if (hit)
      throw relayError("token_rate_limit", { count: hit === "total" ? tl.count : tl.success, period: tl.period });
  }
}

/** Counts a settled call in the success windows applyRateLimits put on ctx.rateScopes; never throws. */
export function recordRateSuccess(scopes: RelayContext["rateScopes"]): void {
  for (const r of scopes) void recordSuccess(r.scope, r.windowMs);
}
