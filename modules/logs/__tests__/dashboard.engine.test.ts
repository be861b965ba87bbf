// /api/data (admin, per model or per user+model), /api/data/users (admin, per user) and
// /api/data/self (own rows only, at most 30 days) over the hourly quota_data aggregate,
// plus the relay's bucket writer: one upsert per bucket, held for DataExportInterval.
import * as dataRoute from "@/app/api/data/route";
import * as selfRoute from "@/app/api/data/self/route";
import * as usersRoute from "@/app/api/data/users/route";
import type { QuotaDataRow, UserQuotaDataRow } from "@/modules/logs/schemas/dashboard";
import { db } from "@/lib/server/db";
import { flushBookkeeping, queueUsage, writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

const HOUR = 3600;
const h0 = Math.floor(Date.now() / 1000 / HOUR) * HOUR - 10 * HOUR; // ten hours ago, on the hour
let rootCookie = "";
let alice: Awaited<ReturnType<typeof createUserAndLogin>>;
let bob: Awaited<ReturnType<typeof createUserAndLogin>>;

function bucket(user: { id: number; username: string }, modelName: string, createdAt: number, n: number, extra = {}) {
  return {
    userId: user.id,
    username: user.username,
    modelName,
    createdAt,
    count: n,
    quota: BigInt(n * 100),
    tokenUsed: BigInt(n * 10),
    useGroup: "default",
    ...extra,
  };
}

const range = (start: number, end: number) => `start_timestamp=${start}&end_timestamp=${end}`;
const sorted = <T extends { created_at: number }>(rows: T[], key: (r: T) => string) =>
  [...rows].sort((a, b) => a.created_at - b.created_at || key(a).localeCompare(key(b)));

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  alice = await createUserAndLogin({ username: "dash-alice" });
  bob = await createUserAndLogin({ username: "dash-bob" });
  await db().quotaData.createMany({
    data: [
      // alice: gpt-4o in two buckets of the same hour (two tokens), claude an hour later
      bucket(alice, "gpt-4o", h0, 2, { tokenId: 1 }),
      bucket(alice, "gpt-4o", h0, 3, { tokenId: 2 }),
      bucket(alice, "claude-3", h0 + HOUR, 1),
      // bob: gpt-4o in the same hour as alice, and one row 40 days ago
      bucket(bob, "gpt-4o", h0, 4, { channelId: 7 }),
      bucket(bob, "gpt-4o", h0 - 40 * 24 * HOUR, 9),
    ],
  });
});

test("admin: everyone's usage summed per model and hour, inside the inclusive range", async () => {
  const res = await call<QuotaDataRow[]>(dataRoute, "GET", `/api/data/?${range(h0, h0 + HOUR)}`, {
    cookie: rootCookie,
  });
  expect(res.status).toBe(200);
  expect(res.json.success).toBe(true);
  expect(sorted(res.json.data, (r) => r.model_name)).toEqual([
    { model_name: "gpt-4o", created_at: h0, count: 9, quota: 900, token_used: 90 },
    { model_name: "claude-3", created_at: h0 + HOUR, count: 1, quota: 100, token_used: 10 },
  ]);
  // the end bound is inclusive, the start too: a range of exactly one hour keeps only that hour
  const one = await call<QuotaDataRow[]>(dataRoute, "GET", `/api/data/?${range(h0 + HOUR, h0 + HOUR)}`, {
    cookie: rootCookie,
  });
  expect(one.json.data.map((r) => r.model_name)).toEqual(["claude-3"]);
  // admin ranges have no 30-day limit
  const long = await call<QuotaDataRow[]>(dataRoute, "GET", `/api/data/?${range(h0 - 50 * 24 * HOUR, h0)}`, {
    cookie: rootCookie,
  });
  expect(long.json.data.reduce((s, r) => s + r.count, 0)).toBe(18);
});

test("admin with a username: that user's rows per model and hour, carrying the username", async () => {
  const res = await call<QuotaDataRow[]>(
    dataRoute,
    "GET",
    `/api/data/?${range(h0, h0 + 2 * HOUR)}&username=dash-alice`,
    { cookie: rootCookie },
  );
  expect(sorted(res.json.data, (r) => r.model_name)).toEqual([
    { username: "dash-alice", model_name: "gpt-4o", created_at: h0, count: 5, quota: 500, token_used: 50 },
    { username: "dash-alice", model_name: "claude-3", created_at: h0 + HOUR, count: 1, quota: 100, token_used: 10 },
  ]);
  const nobody = await call<QuotaDataRow[]>(dataRoute, "GET", `/api/data/?${range(h0, h0 + HOUR)}&username=nobody`, {
    cookie: rootCookie,
  });
  expect(nobody.json.data).toEqual([]);
});

test("admin: usage per user and hour, optionally for one user", async () => {
  const res = await call<UserQuotaDataRow[]>(usersRoute, "GET", `/api/data/users?${range(h0, h0 + HOUR)}`, {
    cookie: rootCookie,
  });
  expect(res.status).toBe(200);
  expect(sorted(res.json.data, (r) => r.username)).toEqual([
    { username: "dash-alice", created_at: h0, count: 5, quota: 500, token_used: 50 },
    { username: "dash-bob", created_at: h0, count: 4, quota: 400, token_used: 40 },
    { username: "dash-alice", created_at: h0 + HOUR, count: 1, quota: 100, token_used: 10 },
  ]);
  const bobOnly = await call<UserQuotaDataRow[]>(
    usersRoute,
    "GET",
    `/api/data/users?${range(h0, h0 + HOUR)}&username=dash-bob`,
    { cookie: rootCookie },
  );
  expect(bobOnly.json.data).toEqual([{ username: "dash-bob", created_at: h0, count: 4, quota: 400, token_used: 40 }]);
});

test("self: only the caller's rows per model and hour, even when another username is asked for", async () => {
  const res = await call<QuotaDataRow[]>(
    selfRoute,
    "GET",
    `/api/data/self?${range(h0 - HOUR, h0 + 2 * HOUR)}&username=dash-bob`,
    { cookie: alice.cookie },
  );
  expect(res.status).toBe(200);
  expect(sorted(res.json.data, (r) => r.model_name)).toEqual([
    { model_name: "gpt-4o", created_at: h0, count: 5, quota: 500, token_used: 50 },
    { model_name: "claude-3", created_at: h0 + HOUR, count: 1, quota: 100, token_used: 10 },
  ]);
  const bobs = await call<QuotaDataRow[]>(selfRoute, "GET", `/api/data/self?${range(h0 - HOUR, h0 + 2 * HOUR)}`, {
    cookie: bob.cookie,
  });
  expect(bobs.json.data).toEqual([{ model_name: "gpt-4o", created_at: h0, count: 4, quota: 400, token_used: 40 }]);
});

test("self: a range over 30 days is refused with new-api's message; exactly 30 days is allowed", async () => {
  const end = h0 + HOUR;
  const tooLong = await call(selfRoute, "GET", `/api/data/self?${range(end - 2_592_001, end)}`, {
    cookie: alice.cookie,
  });
  expect(tooLong.status).toBe(400);
  expect(tooLong.json).toMatchObject({ success: false, message: "时间跨度不能超过 1 个月" });
  const en = await call(selfRoute, "GET", `/api/data/self?${range(end - 2_592_001, end)}`, {
    cookie: `${alice.cookie}; NEXT_LOCALE=en`,
  });
  expect(en.json.message).toBe("The time range cannot exceed 1 month");
  // a missing start reads as 0, as new-api's ParseInt: refused too
  const noStart = await call(selfRoute, "GET", `/api/data/self?end_timestamp=${end}`, { cookie: alice.cookie });
  expect(noStart.json.message).toBe("时间跨度不能超过 1 个月");
  const exactly = await call<QuotaDataRow[]>(selfRoute, "GET", `/api/data/self?${range(end - 2_592_000, end)}`, {
    cookie: alice.cookie,
  });
  expect(exactly.json.success).toBe(true);
  expect(exactly.json.data).toHaveLength(2);
});

test("anonymous callers get 401 everywhere; ordinary users 403 on the admin routes", async () => {
  for (const [mod, path] of [
    [dataRoute, "/api/data/"],
    [usersRoute, "/api/data/users"],
    [selfRoute, "/api/data/self"],
  ] as const) {
    const anon = await call(mod, "GET", `${path}?${range(h0, h0 + HOUR)}`);
    expect(anon.status).toBe(401);
    expect(anon.json.success).toBe(false);
  }
  for (const [mod, path] of [
    [dataRoute, "/api/data/"],
    [usersRoute, "/api/data/users"],
  ] as const) {
    const res = await call(mod, "GET", `${path}?${range(h0, h0 + HOUR)}&username=dash-bob`, { cookie: alice.cookie });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ success: false, message: "权限不足" });
    expect(res.json.data).toBeUndefined();
  }
});

describe("the relay's usage-bucket writer", () => {
  const key = (user: { id: number; username: string }, modelName: string) => ({
    userId: user.id,
    username: user.username,
    modelName,
    hour: h0 + 5 * HOUR,
    group: "default",
    tokenId: 0,
    channelId: 0,
  });
  const rowsOf = (modelName: string) => db().quotaData.findMany({ where: { modelName } });

  test("requests of one bucket are summed and upserted onto an existing row", async () => {
    queueUsage(key(alice, "writer-model"), 30, 7, 5);
    queueUsage(key(alice, "writer-model"), 20, 3, 5);
    await flushBookkeeping();
    queueUsage(key(alice, "writer-model"), 50, 10, 5);
    await flushBookkeeping();
    const rows = await rowsOf("writer-model");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 3, quota: 100n, tokenUsed: 20n, username: "dash-alice" });
    const self = await call<QuotaDataRow[]>(selfRoute, "GET", `/api/data/self?${range(h0, h0 + 6 * HOUR)}`, {
      cookie: alice.cookie,
    });
    expect(self.json.data.find((r) => r.model_name === "writer-model")).toMatchObject({ count: 3, quota: 100 });
  });

  test("buckets wait for DataExportInterval; a shorter interval brings the write forward", async () => {
    queueUsage(key(bob, "held-model"), 10, 1, 5);
    await writeAfterFlush(async () => undefined, {}); // what every periodic flush does: held buckets stay
    expect(await rowsOf("held-model")).toHaveLength(0);
    queueUsage(key(bob, "held-model"), 10, 1, 0.01); // 600 ms, counted from the first pending bucket
    for (let i = 0; i < 40 && !(await rowsOf("held-model")).length; i++) await new Promise((r) => setTimeout(r, 100));
    const rows = await rowsOf("held-model");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 2, quota: 20n });
  });
});
