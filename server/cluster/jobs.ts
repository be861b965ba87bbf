import "server-only";

// Every periodic background job of the gateway, started once by server/main.ts. Each runs under a
// cluster lease (lease.ts): with several instances on one Redis exactly one of them runs a job at a
// time; without Redis this instance runs them all. Adding a job is one entry in `backgroundJobs`.
import { env, type Env } from "@/lib/env";
import { startClusterJob, type ClusterJob } from "@/server/cluster/lease";
import { logger } from "@/lib/server/logger";
import { redisEnabled } from "@/lib/server/redis/client";
import { flushSharedUsageIfDue } from "@/lib/server/ledger/usage-redis";
import { pollTasksOnce } from "@/relay/tasks/scheduler";
import { testAllChannelsScheduled } from "@/modules/channels/server/test-all-channels";
import { updateAllBalancesScheduled } from "@/modules/channels/server/update-balance";
import { applyLogRetention } from "@/modules/logs/server/usage/apply-log-retention";
import { expireDueSubscriptions } from "@/modules/subscriptions/server/expire-due-subscriptions";
import { resetDuePlans } from "@/modules/subscriptions/server/reset-due-plans";

export type BackgroundJob = {
  name: string;
  intervalMs: number;
  firstDelayMs?: number;
  run: (signal: AbortSignal) => Promise<unknown>;
};

const MINUTE_MS = 60_000;

/** The jobs this configuration enables (a frequency of 0 minutes turns a job off). */
export function backgroundJobs(e: Env = env()): BackgroundJob[] {
  const every = (minutes: number) => e.JOBS_TICK_MS_FOR_TESTS || minutes * MINUTE_MS;
  const jobs: (BackgroundJob | false)[] = [
    { name: "task-poll", intervalMs: e.TASK_POLL_INTERVAL_MS, run: pollTasksOnce },
    e.CHANNEL_TEST_FREQUENCY > 0 && {
      name: "channel-test",
      intervalMs: every(e.CHANNEL_TEST_FREQUENCY),
      run: testAllChannelsScheduled,
    },
    e.CHANNEL_UPDATE_FREQUENCY > 0 && {
      name: "channel-balance",
      intervalMs: every(e.CHANNEL_UPDATE_FREQUENCY),
      run: updateAllBalancesScheduled,
    },
    // With Redis the usage buckets of all instances wait there; the job writes them every
    // DataExportInterval minutes (it checks each minute whether the interval has passed).
    redisEnabled() && { name: "usage-flush", intervalMs: every(1), run: flushSharedUsageIfDue },
    // Subscriptions past their end: expired, the user's group back (new-api ticks every minute).
    { name: "subscription-expiry", intervalMs: every(1), run: () => expireDueSubscriptions() },
    // Quota periods that ended: reset once (new-api's subscription_reset_task, every minute).
    { name: "subscription-reset", intervalMs: every(1), run: () => resetDuePlans() },
    // Hourly, and a minute after start so frequent restarts never starve it.
    {
      name: "log-retention",
      intervalMs: every(60),
      firstDelayMs: e.JOBS_TICK_MS_FOR_TESTS || MINUTE_MS,
      run: () => applyLogRetention(),
    },
  ];
  return jobs.filter((j): j is BackgroundJob => !!j);
}

/** Starts every enabled job under its lease; they stop on shutdown (lease.ts registers the hook). */
export function startBackgroundJobs(): ClusterJob[] {
  const e = env();
  if (e.JOBS_TICK_MS_FOR_TESTS)
    logger().warn(
      { ms: e.JOBS_TICK_MS_FOR_TESTS },
      "JOBS_TICK_MS_FOR_TESTS is on: background jobs tick fast (tests only)",
    );
  return backgroundJobs(e).map((job) => startClusterJob(job));
}
