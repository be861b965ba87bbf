// Background polling of asynchronous tasks (Midjourney, Suno), started by lib/server/main.ts every
// TASK_POLL_INTERVAL_MS. One pass at a time (the next waits for the previous to finish); stopped on
// shutdown. The multi-instance issue wraps each poll under a cluster lease.
import { env } from "@/lib/env";
import { onShutdown } from "@/lib/server/lifecycle";
import { logger } from "@/lib/server/logger";
import { pollMidjourneyTasks } from "@/lib/server/relay/tasks/poll-midjourney";
import { pollSunoTasks } from "@/lib/server/relay/tasks/poll-suno";
import { singleton } from "@/lib/server/singleton";

const state = singleton<{ timer: NodeJS.Timeout | null; stopped: boolean; running: Promise<void> | null }>(
  "relay.task-poller",
  () => ({ timer: null, stopped: false, running: null }),
);

async function pass(): Promise<void> {
  for (const [name, poll] of [
    ["midjourney", pollMidjourneyTasks],
    ["suno", pollSunoTasks],
  ] as const) {
    try {
      await poll();
    } catch (err) {
      logger().error({ err, poller: name }, "task poll failed; will retry");
    }
  }
}

export function startTaskPolling(intervalMs = env().TASK_POLL_INTERVAL_MS): void {
  if (state.timer || state.stopped) return;
  const tick = () => {
    state.timer = setTimeout(() => {
      state.running = pass().finally(() => {
        state.running = null;
        if (!state.stopped) tick();
      });
    }, intervalMs);
    state.timer.unref?.();
  };
  tick();
  onShutdown(async () => {
    state.stopped = true;
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    await state.running; // a refund in flight completes before the database closes
  });
}
