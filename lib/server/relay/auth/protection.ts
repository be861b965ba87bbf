// Request-level protection on the relay: per-user model request rate limits (options
// ModelRequestRateLimit*, group overrides), per-token rate limits, and the sensitive-word check.
// Rate-limit counters live in this process, or in Redis (shared by all instances) with REDIS_URL.
import type { Locale } from "@/lib/i18n/config";
import { localeOfRequest } from "@/lib/server/i18n/server-messages";
import { redisEnabled } from "@/lib/server/redis/client";
import { checkWindowInRedis, recordSuccessInRedis, type WindowLimit } from "@/lib/server/redis/rate-windows";
import { RelayError } from "@/lib/server/relay/errors";
import { WordMatcher } from "@/lib/server/relay/auth/word-matcher";
import { singleton } from "@/lib/server/singleton";
import { runSliced } from "@/lib/server/sliced";
import { relayError } from "@/lib/server/relay/error-codes";

/** Sliding-window counters of a single instance: timestamps (ms) per key, pruned on use. */
class SlidingWindows {
  private readonly windows = new Map<string, number[]>();

  count(key: string, windowMs: number, now: number): number {
    const list = this.windows.get(key);
    if (!list) return 0;
    let drop = 0;
    while (drop < list.length && list[drop]! <= now - windowMs) drop++;
    if (drop) list.splice(0, drop);
    if (!list.length) this.windows.delete(key);
    return list.length;
  }

  add(key: string, now: number, windowMs: number): void {
    const list = this.windows.get(key);
    if (!list) {
      this.windows.set(key, [now]);
      return;
    }
    list.push(now);
    // Keep the list bounded even when nobody counts it for a while.
    if (list.length > 64 && list[0]! <= now - windowMs) this.count(key, windowMs, now);
  }
}

const windows = singleton("relay.rate-windows", () => new SlidingWindows());

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
  const now = Date.now();
  if (limit.total > 0 && windows.count(`${scope}:all`, limit.windowMs, now) >= limit.total) return "total";
  if (limit.success > 0 && windows.count(`${scope}:ok`, limit.windowMs, now) >= limit.success) return "success";
  if (limit.total > 0) windows.add(`${scope}:all`, now, limit.windowMs);
  return null;
}

/**
 * Counts a successful request for a scope that checkRateLimit limited (windowMs of that limit).
 * Never throws: it runs after the response, and a success lost to a Redis outage only errs in the
 * caller's favour while the next check refuses anyway.
 */
export async function recordSuccess(scope: string, windowMs: number): Promise<void> {
  if (!redisEnabled()) {
    windows.add(`${scope}:ok`, Date.now(), windowMs);
    return;
  }
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
