// /api/log/ (admin) and /api/log/self/ (own rows) with their filters and stats.
import * as listRoute from "@/app/api/log/route";
import * as selfRoute from "@/app/api/log/self/route";
import * as selfStatRoute from "@/app/api/log/self/stat/route";
import * as statRoute from "@/app/api/log/stat/route";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

type Page = { items: Record<string, unknown>[]; total: number; page: number; page_size: number };
let rootCookie = "";
let alice: Awaited<ReturnType<typeof createUserAndLogin>>;
let bob: Awaited<ReturnType<typeof createUserAndLogin>>;
let channelId = 0;
const now = Math.floor(Date.now() / 1000);

function logRow(user: { id: number; username: string }, fields: Record<string, unknown> = {}) {
  return {
    createdAt: now - 10,
    type: 2,
    userId: user.id,
    username: user.username,
    tokenName: "t1",
    modelName: "gpt-4o",
    quota: 100n,
    promptTokens: 10,
    completionTokens: 5,
    channelId,
    group: "default",
    other: JSON.stringify({ model_ratio: 1, admin_info: { use_channel: [channelId] }, channel_id: channelId }),
    ...fields,
  };
}

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  alice = await createUserAndLogin({ username: "log-alice" });
  bob = await createUserAndLogin({ username: "log-bob" });
  channelId = (await db().channel.create({ data: { name: "log-channel", type: 1, key: "k" } })).id;
  await db().log.createMany({
    data: [
      logRow(alice),
      logRow(alice, { modelName: "claude-3", quota: 50n, createdAt: now - 3600 }),
      logRow(alice, { type: 1, quota: 1000n, modelName: "", content: "兑换码充值" }),
      logRow(bob, { tokenName: "t2", group: "vip" }),
    ],
  });
});

test("a user sees only their own rows, without routing internals", async () => {
  const res = await call<Page>(selfRoute, "GET", "/api/log/self/?p=1&page_size=10", { cookie: alice.cookie });
  expect(res.status).toBe(200);
  expect(res.json.data.total).toBe(3);
  for (const item of res.json.data.items) {
    expect(item.username).toBe("log-alice");
    expect(item).not.toHaveProperty("channel");
    expect(String(item.other)).not.toContain("admin_info");
    expect(String(item.other)).not.toContain("channel_id");
  }
  // the username filter cannot reach other users' rows
  const sneaky = await call<Page>(selfRoute, "GET", "/api/log/self/?username=log-bob", { cookie: alice.cookie });
  expect(sneaky.json.data.items.every((i) => i.username === "log-alice")).toBe(true);
});

test("filters: type, model, token, time range", async () => {
  const q = async (qs: string) =>
    (await call<Page>(selfRoute, "GET", `/api/log/self/?${qs}`, { cookie: alice.cookie })).json.data;
  expect((await q("type=1")).total).toBe(1);
  expect((await q("type=2&model_name=claude")).items.map((i) => i.model_name)).toEqual(["claude-3"]);
  expect((await q(`type=2&start_timestamp=${now - 60}`)).total).toBe(1);
  expect((await q(`end_timestamp=${now - 1800}`)).total).toBe(1);
  expect((await q("token_name=t2")).total).toBe(0);
});

test("admins see everyone with channel names and admin_info, and filter by user and channel", async () => {
  const all = await call<Page>(listRoute, "GET", "/api/log/?p=1&page_size=50", { cookie: rootCookie });
  expect(all.json.data.total).toBeGreaterThanOrEqual(4);
  const bobRows = await call<Page>(listRoute, "GET", `/api/log/?username=log-bob&channel=${channelId}`, {
    cookie: rootCookie,
  });
  expect(bobRows.json.data.items).toHaveLength(1);
  expect(bobRows.json.data.items[0]).toMatchObject({ channel: channelId, channel_name: "log-channel", group: "vip" });
  expect(String(bobRows.json.data.items[0]?.other)).toContain("admin_info");
});

test("stats: consumed quota and the last minute's requests and tokens", async () => {
  const self = await call<{ quota: number; rpm: number; tpm: number }>(selfStatRoute, "GET", "/api/log/self/stat", {
    cookie: alice.cookie,
  });
  expect(self.json.data).toEqual({ quota: 150, rpm: 1, tpm: 15 });
  const admin = await call<{ quota: number }>(statRoute, "GET", "/api/log/stat?username=log-bob", {
    cookie: rootCookie,
  });
  expect(admin.json.data.quota).toBe(100);
});

test("ordinary users and visitors are refused the admin calls", async () => {
  expect((await call(listRoute, "GET", "/api/log/", { cookie: bob.cookie })).status).toBe(403);
  expect((await call(statRoute, "GET", "/api/log/stat", { cookie: bob.cookie })).status).toBe(403);
  expect((await call(selfRoute, "GET", "/api/log/self/")).status).toBe(401);
});
