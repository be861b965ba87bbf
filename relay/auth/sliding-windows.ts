import "server-only";

// Sliding-window request counters of one process (the relay's rate limits without Redis). With
// worker processes the primary keeps them for every worker (server/workers/primary-ops.ts), so
// N workers never allow N times the limit.
import { singleton } from "@/lib/server/singleton";

export type WindowLimit = { windowMs: number; total: number; success: number };

/** Timestamps (ms) per key, pruned on use. */
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

/** Refusal reason, or null when the request may proceed (and it is counted). */
export function checkLocalWindow(scope: string, limit: WindowLimit, now = Date.now()): "total" | "success" | null {
  if (limit.total > 0 && windows.count(`${scope}:all`, limit.windowMs, now) >= limit.total) return "total";
  if (limit.success > 0 && windows.count(`${scope}:ok`, limit.windowMs, now) >= limit.success) return "success";
  if (limit.total > 0) windows.add(`${scope}:all`, now, limit.windowMs);
  return null;
}

export function recordLocalSuccess(scope: string, windowMs: number, now = Date.now()): void {
  windows.add(`${scope}:ok`, now, windowMs);
}
