// Cluster job leases against a real redis-server: two "instances" (each its own ioredis connection and
// owner id, exactly what two processes would have) contend for the same job.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Redis from "ioredis";
import { startRedis, type TestRedis } from "@/test-support/redis-server";
import type * as LeaseModule from "@/server/cluster/lease";
import { freePort } from "@/test-support/free-port";

let lease: typeof LeaseModule;
let server: TestRedis;
let port: number;
const clients: Redis[] = [];
const jobs: LeaseModule.ClusterJob[] = [];

type Run = { owner: string; start: number; end: number; aborted: boolean };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same fail-fast options as lib/server/redis/client.ts, with a shorter reconnect backoff. */
function connection(): Redis {
  const c = new Redis(`redis://127.0.0.1:${port}`, {
    keyPrefix: "gw:",
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    retryStrategy: (times) => Math.min(50 * times, 200),
  });
  c.on("error", () => undefined);
  clients.push(c);
  return c;
}

async function ready(c: Redis): Promise<void> {
  while (c.status !== "ready") await sleep(10);
}

/** One instance running job `name`; every pass is recorded in `runs`. */
async function instance(
  owner: string,
  name: string,
  runs: Run[],
  { intervalMs = 200, leaseTtlMs = 600, workMs = 20 } = {},
): Promise<LeaseModule.ClusterJob> {
  const client = connection();
  await ready(client);
  const job = lease.startClusterJob({
    name,
    intervalMs,
    leaseTtlMs,
    firstDelayMs: 0,
    redis: client,
    owner,
    run: async (signal) => {
      const r: Run = { owner, start: Date.now(), end: 0, aborted: false };
      runs.push(r);
      const until = Date.now() + workMs;
      while (Date.now() < until && !signal.aborted) await sleep(10);
      r.aborted = signal.aborted;
      r.end = Date.now();
    },
  });
  jobs.push(job);
  return job;
}

function expectNoOverlap(runs: Run[]): void {
  const sorted = [...runs].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
}

async function waitUntil(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(10);
  }
}

beforeAll(async () => {
  // lease.ts reads the environment (logger, instance id): give it a throwaway one before loading it.
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "gw-lease-"));
  process.env.SESSION_SECRET = "lease-test-session-secret";
  process.env.CRYPTO_SECRET = "lease-test-crypto-secret";
  delete process.env.REDIS_URL;
  lease = await import("@/server/cluster/lease");
  port = await freePort();
  server = await startRedis(port);
});

afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.stop()));
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  await server.stop();
});

test("two instances contend: exactly one of them runs the job on each tick", async () => {
  const runs: Run[] = [];
  const a = await instance("A", "contend", runs);
  const b = await instance("B", "contend", runs);
  // Both have ticked 8 times since they started: every tick of the holder ran, none of the other's.
  await waitUntil(() => a.ticks >= 8 && b.ticks >= 8);
  const owners = new Set(runs.map((r) => r.owner));
  expect(owners.size).toBe(1);
  expect(runs.length).toBe(a.runs + b.runs);
  expect(Math.min(a.runs, b.runs)).toBe(0);
  expect(Math.max(a.runs, b.runs)).toBeGreaterThanOrEqual(7);
  expectNoOverlap(runs);
  expect([a.holding(), b.holding()].filter(Boolean)).toHaveLength(1);
});

test("when the holder dies (stops renewing, never releases) the other takes over after the ttl", async () => {
  const runs: Run[] = [];
  const ttl = 600;
  const interval = 200;
  const a = await instance("A", "takeover", runs, { leaseTtlMs: ttl, intervalMs: interval });
  await waitUntil(() => runs.length > 0);
  const b = await instance("B", "takeover", runs, { leaseTtlMs: ttl, intervalMs: interval });
  await waitUntil(() => b.ticks >= 2); // B tried twice and found the lease taken
  expect(runs.every((r) => r.owner === "A")).toBe(true);

  a.abandonForTests();
  const died = Date.now();
  await waitUntil(() => runs.some((r) => r.owner === "B"), 5_000);
  const took = runs.find((r) => r.owner === "B")!.start - died;
  // Not before the lease could expire (last renewal ≤ ttl/3 before the death) ...
  expect(took).toBeGreaterThanOrEqual((2 * ttl) / 3 - 50);
  // ... and within ttl + one interval (plus scheduling slack).
  expect(took).toBeLessThanOrEqual(ttl + interval + 300);
  expectNoOverlap(runs);
});

test("a run longer than the ttl keeps its lease: nobody else runs meanwhile", async () => {
  const runs: Run[] = [];
  const ttl = 400;
  const c = connection();
  await ready(c);
  await instance("A", "long", runs, { leaseTtlMs: ttl, workMs: 3 * ttl });
  await waitUntil(() => runs.length > 0);
  const b = await instance("B", "long", runs, { leaseTtlMs: ttl });
  await sleep(2 * ttl); // real time past the ttl: only a renewal keeps the key
  expect(await c.get("lease:long")).toBe("A"); // renewed past its ttl while the run goes on
  await waitUntil(() => runs[0]!.end > 0, 3_000);
  expect(runs[0]!.aborted).toBe(false);
  expect(runs[0]!.end - runs[0]!.start).toBeGreaterThanOrEqual(3 * ttl);
  const tb = b.ticks;
  await waitUntil(() => b.ticks >= tb + 1);
  expect(runs.every((r) => r.owner === "A")).toBe(true);
  expectNoOverlap(runs);
});

test("a holder whose lease was taken aborts its run and stops counting itself as holder", async () => {
  const runs: Run[] = [];
  const c = connection();
  await ready(c);
  const a = await instance("A", "stolen", runs, { leaseTtlMs: 300, workMs: 5_000 });
  await waitUntil(() => runs.length > 0);
  await c.set("lease:stolen", "someone-else", "PX", 10_000);
  await waitUntil(() => runs[0]!.end > 0, 2_000);
  expect(runs[0]!.aborted).toBe(true);
  expect(a.holding()).toBe(false);
  const ticked = a.ticks;
  await waitUntil(() => a.ticks >= ticked + 2);
  expect(runs).toHaveLength(1); // its next ticks cannot take the lease back
});

test("Redis down: no run anywhere (one warning); runs resume when Redis is back", async () => {
  const { logger } = await import("@/lib/server/logger");
  const warn = jest.spyOn(logger(), "warn");
  const runs: Run[] = [];
  const a = await instance("A", "outage", runs);
  const b = await instance("B", "outage", runs);
  await waitUntil(() => runs.length >= 3);

  server.kill();
  const killedAt = Date.now();
  // Every tick from now on finds Redis down: wait for several of each instance's.
  const [ta, tb] = [a.ticks, b.ticks];
  await waitUntil(() => a.ticks >= ta + 4 && b.ticks >= tb + 4);
  const started = runs.filter((r) => r.start > killedAt + 50);
  expect(started).toHaveLength(0);
  const outageWarnings = warn.mock.calls.filter((c) => String(c[1]).includes("Redis unreachable"));
  expect(outageWarnings).toHaveLength(1);

  server = await startRedis(port); // a new, empty redis-server on the same port
  const backAt = Date.now();
  await waitUntil(() => runs.filter((r) => r.start > backAt).length >= 3, 5_000);
  const after = runs.filter((r) => r.start > backAt);
  expect(new Set(after.map((r) => r.owner)).size).toBe(1);
  expect(after.length).toBeGreaterThanOrEqual(3);
  expectNoOverlap(runs);
  warn.mockRestore();
});

test("stop waits for the run in progress and releases the lease, so another instance takes over at once", async () => {
  const runs: Run[] = [];
  const c = connection();
  await ready(c);
  const a = await instance("A", "release", runs, { leaseTtlMs: 10_000, workMs: 300 });
  await waitUntil(() => runs.length > 0);
  await instance("B", "release", runs, { leaseTtlMs: 10_000 });
  await a.stop();
  expect(runs[0]!.end).toBeGreaterThan(0); // awaited (aborted early by the stop signal)
  expect(runs[0]!.aborted).toBe(true);
  expect(await c.get("lease:release")).not.toBe("A"); // released (B may already have taken it)
  const stoppedAt = Date.now();
  await waitUntil(() => runs.some((r) => r.owner === "B"), 2_000);
  expect(Date.now() - stoppedAt).toBeLessThan(1_000); // not the 10 s ttl
});

test("without Redis the job simply runs locally on every tick", async () => {
  const runs: Run[] = [];
  const job = lease.startClusterJob({
    name: "local",
    intervalMs: 100,
    firstDelayMs: 0,
    redis: null,
    run: async () => {
      runs.push({ owner: "local", start: Date.now(), end: Date.now(), aborted: false });
    },
  });
  jobs.push(job);
  await waitUntil(() => job.ticks >= 4);
  expect(job.holding()).toBe(true);
  expect(runs.length).toBeGreaterThanOrEqual(4);
  expect(job.runs).toBe(runs.length);
});
