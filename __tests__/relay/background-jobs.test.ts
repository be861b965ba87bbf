// Background jobs on a single instance without REDIS_URL (the default SQLite setup): nothing to
// contend for, so this instance runs every job itself — the channel auto-test (CHANNEL_TEST_FREQUENCY)
// and the log-retention pass (option LogRetentionDays). JOBS_TICK_MS_FOR_TESTS shrinks the minutes.
import path from "node:path";
import Database from "better-sqlite3";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

const DAY = 86_400;
let gw: Gateway;
let up: MockUpstream;

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway({ env: { CHANNEL_TEST_FREQUENCY: "1", JOBS_TICK_MS_FOR_TESTS: "500" } });
  await gw.createChannel({ name: "solo-1", key: "sk-solo-1", base_url: up.url, models: "gpt-4o-mini" });
  await gw.createChannel({ name: "solo-2", key: "sk-solo-2", base_url: up.url, models: "gpt-4o-mini" });
}, 60_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

/** Writes a log row straight into the gateway's database (SQLite file, or PostgreSQL under TEST_DATABASE_URL). */
async function insertLog(createdAt: number, content: string): Promise<void> {
  const query = "insert into logs (createdAt, type, content, userId, username) values (?, 4, ?, 1, 'root')";
  if (/^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "")) {
    await gw.sql(query, createdAt, content);
    return;
  }
  const db = new Database(path.join(gw.dataDir, "gateway.db"));
  db.pragma("busy_timeout = 5000");
  db.prepare(query).run(createdAt, content);
  db.close();
}

test("the channel auto-test runs on its own every tick and tests every channel", async () => {
  await gw.waitFor(() => up.requests.filter((r) => r.path.endsWith("/chat/completions")).length >= 4, 10_000);
  const keys = up.requests.map((r) => String(r.headers.authorization));
  expect(keys).toContain("Bearer sk-solo-1");
  expect(keys).toContain("Bearer sk-solo-2");
  const rows = await gw.sql<{ testTime: number }>("select testTime from channels");
  expect(rows.every((r) => Number(r.testTime) > 0)).toBe(true);
});

test("log retention deletes the logs older than LogRetentionDays and keeps the rest", async () => {
  const now = Math.floor(Date.now() / 1000);
  await insertLog(now - 10 * DAY, "solo-old");
  await insertLog(now - 2 * DAY, "solo-recent");
  const left = async () =>
    (await gw.sql<{ content: string }>("select content from logs where content like 'solo-%' order by createdAt")).map(
      (r) => r.content,
    );
  expect(await left()).toEqual(["solo-old", "solo-recent"]);
  expect((await gw.api("PUT", "/api/option/", { key: "LogRetentionDays", value: "7" })).status).toBe(200);
  await gw.waitFor(async () => (await left()).length === 1, 10_000);
  expect(await left()).toEqual(["solo-recent"]);
});
