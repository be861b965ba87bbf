// Hook for quota-warning notifications: the relay reports users whose balance fell below their
// threshold; delivery (email / webhook) registers a listener. At most once per user per 2 hours.
import { singleton } from "@/lib/server/singleton";

export type QuotaWarning = { userId: number; remaining: number; threshold: number };
type Listener = (w: QuotaWarning) => void | Promise<void>;

const state = singleton("relay.quota-warning", () => ({
  listeners: [] as Listener[],
  lastSent: new Map<number, number>(),
}));
const INTERVAL_MS = 2 * 60 * 60 * 1000;

export function onQuotaWarning(listener: Listener): void {
  state.listeners.push(listener);
}

export function maybeWarnQuota(userId: number, remaining: number, threshold: number): void {
  if (remaining >= threshold || threshold <= 0) return;
  const now = Date.now();
  if (now - (state.lastSent.get(userId) ?? 0) < INTERVAL_MS) return;
  state.lastSent.set(userId, now);
  for (const l of state.listeners) void Promise.resolve(l({ userId, remaining, threshold })).catch(() => undefined);
}
