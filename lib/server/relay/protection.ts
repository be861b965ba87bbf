// Request-level protection on the relay: per-user model request rate limits (options
// ModelRequestRateLimit*, group overrides), per-token rate limits, and the sensitive-word check.
import AhoCorasick from "modern-ahocorasick";
import { singleton } from "@/lib/server/singleton";

/** Sliding-window counters: timestamps (ms) per key, pruned on use. */
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

export type Limit = { windowMs: number; total: number; success: number };

/** Returns the refusal reason, or null when the request may proceed (and counts it). */
export function checkRateLimit(scope: string, limit: Limit): "total" | "success" | null {
  const now = Date.now();
  if (limit.total > 0 && windows.count(`${scope}:all`, limit.windowMs, now) >= limit.total) return "total";
  if (limit.success > 0 && windows.count(`${scope}:ok`, limit.windowMs, now) >= limit.success) return "success";
  if (limit.total > 0) windows.add(`${scope}:all`, now, limit.windowMs);
  return null;
}

/** Counts a successful request for a scope that checkRateLimit limited (windowMs of that limit). */
export function recordSuccess(scope: string, windowMs: number): void {
  windows.add(`${scope}:ok`, Date.now(), windowMs);
}

const automata = singleton("relay.sensitive", () => new Map<string, AhoCorasick | null>());

/** The first sensitive word found in text (case-insensitive), or null. */
export function findSensitiveWord(text: string, wordList: string): string | null {
  let automaton = automata.get(wordList);
  if (automaton === undefined) {
    const words = wordList
      .split("\n")
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean);
    automaton = words.length ? new AhoCorasick(words) : null;
    if (automata.size > 8) automata.clear();
    automata.set(wordList, automaton);
  }
  if (!automaton || !text) return null;
  const hit = automaton.search(text.toLowerCase())[0];
  return hit ? hit.pattern : null;
}
