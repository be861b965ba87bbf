// Background jobs with two gateway instances on one PostgreSQL database and one Redis: the channel
// auto-test pass runs once per tick for the whole cluster (the mock upstream sees one request per
// channel per pass, never two interleaved passes), log retention removes old rows, and when the
// holder shuts down it releases the lease so the other instance carries on at once. Video tasks
// submitted through either instance are polled by the lease holder only: each billed once, a failed
// one refunded once.
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { startMockVideo, type MockVideo } from "@/__tests__/relay/mock-video";
import { startInstances, type Instances } from "./instances";

const TICK_MS = 1_000;
const KEYS = ["sk-job-1", "sk-job-2", "sk-job-3"];
const DAY = 86_400;

let up: MockUpstream;
let video: MockVideo;
let cluster: Instances;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Channel keys of the test requests the mock received, in arrival order. */
function testedKeys(): string[] {
  return up.requests
    .filter((r) => r.path.endsWith("/chat/completions"))
    .map((r) => String(r.headers.authorization ?? "").replace(/^Bearer /, ""));
}

beforeAll(async () => {
  up = await startMockUpstream();
  video = await startMockVideo({ key: "sk-sora-cluster" });
  const env = { CHANNEL_TEST_FREQUENCY: "1", JOBS_TICK_MS_FOR_TESTS: String(TICK_MS), TASK_POLL_INTERVAL_MS: "300" };
  cluster = await startInstances(2, env, (i) => ({
    NODE_NAME: `node-${i}`,
  }));
  const [a] = cluster.gateways;
  for (const [i, key] of KEYS.entries())
    await a!.createChannel({ name: `job-${i}`, key, base_url: up.url, models: "gpt-4o-mini" });
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  await up?.close();
  await video?.close();
});

test("a channel auto-test pass runs once per tick across both instances", async () => {
  await sleep(TICK_MS * 1.5); // let the first pass with all three channels begin
  up.requests.length = 0;
  const windowMs = 6 * TICK_MS;
  await sleep(windowMs);
  const seen = testedKeys();
  // Passes never interleave: channel by channel, in id order, one request each.
  const start = seen.indexOf(KEYS[0]!);
  expect(start).toBeGreaterThanOrEqual(0);
  seen.slice(start).forEach((key, i) => expect(key).toBe(KEYS[i % KEYS.length]));
  // One pass per tick for the cluster (≈ 6 in 6 s), not one per instance (≈ 12).
  const passes = seen.slice(start).filter((k) => k === KEYS[0]).length;
  expect(passes).toBeGreaterThanOrEqual(4);
  expect(passes).toBeLessThanOrEqual(7);
  // One of the two instances holds the job's lease.
  expect(await leaseHolder()).toMatch(/^node-[01]$/);
}, 30_000);

test("log retention removes the logs older than LogRetentionDays, once the holder's tick comes", async () => {
  const [a, b] = cluster.gateways;
  const now = Math.floor(Date.now() / 1000);
  for (const [days, content] of [
    [5, "old-5"],
    [3, "old-3"],
    [0.5, "recent"],
  ] as const)
    await a!.sql(
      "insert into logs (createdAt, type, content, userId, username) values (?, 4, ?, 1, 'root')",
      Math.floor(now - days * DAY),
      content,
    );
  const contents = async () =>
    (await b!.sql<{ content: string }>("select content from logs where content in ('old-5','old-3','recent')")).map(
      (r) => r.content,
    );
  expect((await contents()).sort()).toEqual(["old-3", "old-5", "recent"]);
  const put = await b!.api("PUT", "/api/option/", { key: "LogRetentionDays", value: "2" });
  expect(put.status).toBe(200);
  await a!.waitFor(async () => (await contents()).length === 1, 10_000);
  expect(await contents()).toEqual(["recent"]);
}, 30_000);

test("video tasks submitted through both instances: each billed once, the failed one refunded once", async () => {
  const [a, b] = cluster.gateways;
  // Sora channels are not probed by the channel auto-test (no chat adapter): the pass leaves it alone.
  await a!.createChannel({ type: 55, name: "sora", key: "sk-sora-cluster", base_url: video.url, models: "sora-2" });
  const t = await a!.createToken({ unlimited_quota: false, remain_quota: 10_000_000 });
  const submit = async (g: typeof a, prompt: string) => {
    const r = await fetch(`${g!.url}/v1/videos`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "sora-2", prompt }),
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as { id: string }).id;
  };
  const ok = await submit(a, "fine");
  const failing = await submit(b, "this will fail");
  const status = async (id: string) =>
    (
      (await (await fetch(`${b!.url}/v1/videos/${id}`, { headers: { authorization: `Bearer ${t.key}` } })).json()) as {
        status: string;
      }
    ).status;
  await a!.waitFor(async () => (await status(ok)) === "completed" && (await status(failing)) === "failed", 20_000);
  // A later task done means later polls ran after the failure: still one refund.
  const later = await submit(b, "later");
  await a!.waitFor(async () => (await status(later)) === "completed", 20_000);
  await a!.settle();
  await b!.settle();
  const price = Math.round(0.3 * 500_000 * 4);
  const logs = await a!.sql<{ type: number; quota: number }>(
    "select type, quota from logs where tokenId = ? order by id",
    t.id,
  );
  expect(logs.filter((l) => l.type === 2)).toEqual([
    { type: 2, quota: price },
    { type: 2, quota: price },
    { type: 2, quota: price },
  ]);
  expect(logs.filter((l) => l.type === 7)).toEqual([{ type: 7, quota: price }]);
  const [row] = await a!.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", t.id);
  expect(10_000_000 - Number(row!.remainQuota)).toBe(2 * price);
}, 60_000);

test("the holder releases its lease on shutdown: the other instance carries on at once", async () => {
  // The lease value is the holder's instance id, which starts with its NODE_NAME.
  const holderName = await leaseHolder();
  expect(holderName).toMatch(/^node-[01]$/);
  const holder = cluster.gateways[Number(holderName!.slice(-1))]!;
  await holder.stop();
  up.requests.length = 0;
  const stoppedAt = Date.now();
  await cluster.gateways[0]!.waitFor(() => testedKeys().length >= KEYS.length * 2, 10_000);
  // Well before the 15 s lease ttl would have expired on its own.
  expect(Date.now() - stoppedAt).toBeLessThan(6_000);
  expect(await leaseHolder()).toBe(holderName === "node-0" ? "node-1" : "node-0");
}, 30_000);

async function leaseHolder(): Promise<string | null> {
  const { default: Redis } = await import("ioredis");
  const c = new Redis(cluster.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await c.connect();
  try {
    const id = await c.get("gw:lease:channel-test");
    return id ? id.split(":")[0]! : null;
  } finally {
    c.disconnect();
  }
}
