import "server-only";

// Request-level protection on the relay: per-user model request rate limits (options
// ModelRequestRateLimit*, group overrides), per-token rate limits, and the sensitive-word check.
// Rate-limit counters live in this process (in the primary with worker processes), or in Redis
// (shared by all instances) with REDIS_URL.
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
