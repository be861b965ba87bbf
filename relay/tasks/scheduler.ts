import "server-only";

// One pass over the unfinished asynchronous tasks (Midjourney, Suno, video). Run every TASK_POLL_INTERVAL_MS
// by the cluster's lease holder (server/cluster/jobs.ts), so several instances never poll — and
// refund — the same task twice.
import { logger } from "@/lib/server/logger";
import { pollMidjourneyTasks } from "@/relay/tasks/poll-midjourney";
import { pollSunoTasks } from "@/relay/tasks/poll-suno";
import { pollVideoTasks } from "@/relay/tasks/poll-video";

export async function pollTasksOnce(signal?: AbortSignal): Promise<void> {
  for (const [name, poll] of [
    ["midjourney", pollMidjourneyTasks],
    ["suno", pollSunoTasks],
    ["video", pollVideoTasks],
  ] as const) {
    if (signal?.aborted) return;
    try {
      await poll();
    } catch (err) {
      logger().error({ err, poller: name }, "task poll failed; will retry");
    }
  }
}
