// Which background jobs a configuration starts, and at what interval (server/cluster/jobs.ts):
// minute frequencies of 0 turn a job off, JOBS_TICK_MS_FOR_TESTS replaces the minutes, task polling
// keeps its own millisecond interval.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Env } from "@/lib/env";
import type * as JobsModule from "@/server/cluster/jobs";

let jobs: typeof JobsModule;

beforeAll(async () => {
  // The job modules may read the environment: give them a throwaway one before loading them.
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "gw-jobs-"));
  jobs = await import("@/server/cluster/jobs");
});

const base = {
  TASK_POLL_INTERVAL_MS: 15_000,
  CHANNEL_TEST_FREQUENCY: 0,
  CHANNEL_UPDATE_FREQUENCY: 0,
  JOBS_TICK_MS_FOR_TESTS: 0,
} as Env;
const summary = (e: Partial<Env>) =>
  jobs.backgroundJobs({ ...base, ...e }).map((j) => [j.name, j.intervalMs, j.firstDelayMs ?? j.intervalMs]);

test("by default: task polling, the minute subscription expiry and quota reset, and the hourly log-retention check (first one a minute after start)", () => {
  expect(summary({})).toEqual([
    ["task-poll", 15_000, 15_000],
    ["subscription-expiry", 60_000, 60_000],
    ["subscription-reset", 60_000, 60_000],
    ["log-retention", 3_600_000, 60_000],
  ]);
});

test("CHANNEL_TEST_FREQUENCY / CHANNEL_UPDATE_FREQUENCY (minutes) add the channel jobs", () => {
  expect(summary({ CHANNEL_TEST_FREQUENCY: 10, CHANNEL_UPDATE_FREQUENCY: 30 })).toEqual([
    ["task-poll", 15_000, 15_000],
    ["channel-test", 600_000, 600_000],
    ["channel-balance", 1_800_000, 1_800_000],
    ["subscription-expiry", 60_000, 60_000],
    ["subscription-reset", 60_000, 60_000],
    ["log-retention", 3_600_000, 60_000],
  ]);
});

test("JOBS_TICK_MS_FOR_TESTS replaces every minute-based interval, not the task poll's", () => {
  expect(summary({ CHANNEL_TEST_FREQUENCY: 10, JOBS_TICK_MS_FOR_TESTS: 500 })).toEqual([
    ["task-poll", 15_000, 15_000],
    ["channel-test", 500, 500],
    ["subscription-expiry", 500, 500],
    ["subscription-reset", 500, 500],
    ["log-retention", 500, 500],
  ]);
});
