import "server-only";

// Request-level protection on the relay: per-user model request rate limits (options
// ModelRequestRateLimit*, group overrides), per-token rate limits, and the sensitive-word check.
// Rate-limit counters live in this process (in the primary with worker processes), or in Redis
// (shared by all instances) with REDIS_URL. The limits apply to every billed call (entry/pipeline.ts)
// and to token counting (entry/count-tokens.ts); a settled call then counts as a success in the
// scopes that limit successes (recordRateSuccess).
import type { Locale } from "@/lib/i18n/config";
import { localeOfRequest } from "@/lib/server/i18n/server-messages";
import { redisEnabled } from "@/lib/server/redis/client";
import { checkWindowInRedis, recordSuccessInRedis, type WindowLimit } from "@/lib/server/redis/rate-windows";
import { RelayError } from "@/relay/kernel/errors";
import { checkLocalWindow, recordLocalSuccess } from "@/relay/auth/sliding-windows";
import { WordMatcher } from "@/relay/auth/word-matcher";
import { post, request, workerIpc } from "@/server/workers/ipc";
import { singleton } from "@/lib/server/singleton";
import { runSliced } from "@/lib/server/sliced";
import { relayError } from "@/relay/kernel/error-codes";
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { RelayContext } from "@/relay/kernel/context";
import { parseJsonMap } from "@/lib/own-keys";

export type Limit = WindowLimit;
type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** The caller's language for the few relay errors we translate (cookie, else Accept-Language). */
function localeOf(headers: RequestHeaders | undefined): Locale {
  const h = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const v = headers?.[name];
    if (typeof v === "string") h.set(name, v);
  }
  return localeOfRequest(h);
}

/** Fail closed: without the shared counters nobody can tell whether the limit is reached. */
function rateLimitUnavailable(headers: RequestHeaders | undefined, cause: unknown): RelayError {
  const err = relayError("rate_limit_unavailable", {}, { locale: localeOf(headers) });
  err.cause = cause;
  return err;
}

/**
 * Returns the refusal reason, or null when the request may proceed (and counts it). With REDIS_URL
 * the counters are shared by every instance; when Redis cannot be reached the request is refused
 * (503), never counted per instance. `headers` only pick the language of that refusal.
 */
export async function checkRateLimit(
  scope: string,
  limit: Limit,
  headers?: RequestHeaders,
): Promise<"total" | "success" | null> {
  if (limit.total <= 0 && limit.success <= 0) return null;
  if (redisEnabled()) {
    try {
      return await checkWindowInRedis(scope, limit);
    } catch (err) {
      throw rateLimitUnavailable(headers, err);
    }
  }
  if (workerIpc()) return (await request("rate", { scope, limit })) as "total" | "success" | null;
  return checkLocalWindow(scope, limit);
}

/**
 * Counts a successful request for a scope that checkRateLimit limited (windowMs of that limit).
 * Never throws: it runs after the response, and a success lost to a Redis outage only errs in the
 * caller's favour while the next check refuses anyway.
 */
export async function recordSuccess(scope: string, windowMs: number): Promise<void> {
  if (workerIpc()) return post("rateOk", { scope, windowMs });
  if (!redisEnabled()) return recordLocalSuccess(scope, windowMs);
  await recordSuccessInRedis(scope, windowMs).catch(() => undefined);
}

const automata = singleton("relay.sensitive", () => new Map<string, WordMatcher | null>());

/**
 * The first sensitive word found in text (case-insensitive), or null. A long text is scanned in
 * slices with event-loop turns between them.
 */
export async function findSensitiveWord(text: string, wordList: string): Promise<string | null> {
  let automaton = automata.get(wordList);
  if (automaton === undefined) {
    const words = wordList
      .split("\n")
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    automaton = words.length ? new WordMatcher(words) : null;
    if (automata.size > 8) automata.clear();
    automata.set(wordList, automaton);
  }
  if (!automaton || !text) return null;
  return runSliced(automaton.scan(text));
}

/**
 * The user's (ModelRequestRateLimit*) and the token's request limits; throws the relay error of the
 * limit that is hit. Scopes with a success limit are added to ctx.rateScopes (counted on success).
 */
export async function applyRateLimits(
  ctx: Pick<RelayContext, "caller" | "headers" | "rateScopes">,
  options: ReadonlyOptions,
): Promise<void> {
  const exemptGroup = options.bool("global.rate_limit_exempt_enabled")
    ? options.str("global.rate_limit_exempt_group")
    : undefined;
  if (options.bool("ModelRequestRateLimitEnabled") && ctx.caller.group !== exemptGroup) {
    let total = options.num("ModelRequestRateLimitCount") || 0;
    let success = options.num("ModelRequestRateLimitSuccessCount") || 0;
    try {
      const byGroup = parseJsonMap<Record<string, [number, number]>>(
        options.text("ModelRequestRateLimitGroup") || "{}",
      );
      const o = byGroup[ctx.caller.token?.group || ""] ?? byGroup[ctx.caller.user.group];
      if (Array.isArray(o)) [total, success] = [Number(o[0]) || 0, Number(o[1]) || 0];
    } catch {
      // invalid JSON in the option: keep the global limits
    }
    const minutes = Math.max(0, options.num("ModelRequestRateLimitDurationMinutes") || 1);
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
