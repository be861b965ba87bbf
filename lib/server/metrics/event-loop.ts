import "server-only";

// Event-loop watchdog: perf_hooks.monitorEventLoopDelay feeds p50/p99/max gauges on /metrics (the
// last completed window of WINDOW_MS), and a 100 ms ticker notices a stall as it ends: a tick late
// by more than STALL_MS logs a warning naming the oldest request in flight, the likeliest culprit.
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { inFlightCount, oldestInFlight } from "@/lib/server/in-flight";
import { logger } from "@/lib/server/logger";
import { singleton } from "@/lib/server/singleton";

const WINDOW_MS = 10_000;
const TICK_MS = 100;
export const STALL_MS = 200;

export type LoopDelay = { p50: number; p99: number; max: number };

type State = { histogram: IntervalHistogram | null; last: LoopDelay; timers: NodeJS.Timeout[] };

const state = singleton<State>("metrics.event-loop", () => ({
  histogram: null,
  last: { p50: 0, p99: 0, max: 0 },
  timers: [],
}));

const NS_PER_S = 1e9;

function snapshot(h: IntervalHistogram): LoopDelay {
  if (!h.count) return { p50: 0, p99: 0, max: 0 };
  return { p50: h.percentile(50) / NS_PER_S, p99: h.percentile(99) / NS_PER_S, max: h.max / NS_PER_S };
}

/** Event-loop delay in seconds over the last window (the current one until a window completes). */
export function eventLoopDelay(): LoopDelay {
  const h = state.histogram;
  if (!h) return state.last;
  const current = snapshot(h);
  return current.max > state.last.max || state.last.max === 0 ? current : state.last;
}

/** Logs a stall that just ended (delayMs late); exported for tests. */
export function reportStall(delayMs: number): void {
  const oldest = oldestInFlight();
  logger().warn(
    {
      delayMs: Math.round(delayMs),
      inFlight: inFlightCount(),
      requestId: oldest?.requestId,
      path: oldest?.path,
      requestAgeMs: oldest?.ageMs,
    },
    "event loop blocked",
  );
}

/** Starts the watchdog once per process (no-op when running). */
export function startEventLoopWatchdog(): void {
  if (state.histogram) return;
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  state.histogram = h;
  const roll = setInterval(() => {
    state.last = snapshot(h);
    h.reset();
  }, WINDOW_MS);
  let expected = Date.now() + TICK_MS;
  const tick = setInterval(() => {
    const now = Date.now();
    const late = now - expected;
    expected = now + TICK_MS;
    if (late > STALL_MS) reportStall(late);
  }, TICK_MS);
  roll.unref();
  tick.unref();
  state.timers = [roll, tick];
}

export function stopEventLoopWatchdog(): void {
  state.histogram?.disable();
  state.histogram = null;
  for (const t of state.timers) clearInterval(t);
  state.timers = [];
}
