// /api/user/messages*: own messages only, read marking (idempotent), unread count, pagination and
// html cleaned on the way out.
import * as adminListRoute from "@/app/api/admin/messages/route";
import * as adminItemRoute from "@/app/api/admin/messages/[id]/route";
import * as inboxRoute from "@/app/api/user/messages/route";
import * as itemRoute from "@/app/api/user/messages/[id]/route";
import * as readRoute from "@/app/api/user/messages/[id]/read/route";
import * as unreadRoute from "@/app/api/user/messages/unread_count/route";
import { db } from "@/lib/server/db";
import type { PageResult } from "@/lib/schemas/pagination";
import type { InboxMessage } from "@/modules/messages/client/inbox-api";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

type Page = PageResult<InboxMessage>;

let rootCookie = "";
let alice: Awaited<ReturnType<typeof createUserAndLogin>>;
let bob: Awaited<ReturnType<typeof createUserAndLogin>>;
const ids: Record<string, number> = {};

async function send(title: string, userIds: number[], content = "body", format = "markdown") {
  const res = await call<{ id: number }>(adminListRoute, "POST", "/api/admin/messages", {
    cookie: rootCookie,
    body: { title, content, format, user_ids: userIds },
  });
  if (!res.json.success) throw new Error(res.json.message);
  return res.json.data.id;
}

const inbox = (cookie: string, qs = "") => call<Page>(inboxRoute, "GET", `/api/user/messages${qs}`, { cookie });
const open = (cookie: string, id: number) =>
  call<InboxMessage>(itemRoute, "GET", `/api/user/messages/${id}`, { cookie, params: { id: String(id) } });
const markRead = (cookie: string | undefined, id: number) =>
  call<{ read_at: string }>(readRoute, "PUT", `/api/user/messages/${id}/read`, { cookie, params: { id: String(id) } });
const unread = async (cookie: string) =>
  (await call<{ unread_count: number }>(unreadRoute, "GET", "/api/user/messages/unread_count", { cookie })).json.data
    .unread_count;

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  alice = await createUserAndLogin({ username: "inbox-alice" });
  bob = await createUserAndLogin({ username: "inbox-bob" });
  ids.shared = await send("Shared", [alice.id, bob.id]);
  ids.bobOnly = await send("For Bob", [bob.id]);
  ids.html = await send("Html", [alice.id], "<p>ok</p><script>x()</script>", "html");
  for (let i = 0; i < 3; i += 1) ids[`extra${i}`] = await send(`Extra ${i}`, [alice.id]);
});

test("lists only the caller's messages, newest first, with totals and pages", async () => {
  const res = await inbox(alice.cookie, "?p=1&page_size=2");
  expect(res.status).toBe(200);
  expect(res.json.data).toMatchObject({ total: 5, page: 1, page_size: 2 });
  expect(res.json.data.items.map((m) => m.title)).toEqual(["Extra 2", "Extra 1"]);
  const last = await inbox(alice.cookie, "?p=3&page_size=2");
  expect(last.json.data.items.map((m) => m.title)).toEqual(["Shared"]);
  const all = await inbox(alice.cookie, "?page_size=100");
  expect(all.json.data.items.map((m) => m.id)).not.toContain(ids.bobOnly);
  expect(all.json.data.items[0]).toMatchObject({ format: "markdown", read_at: null, is_read: false, content: "body" });
  const bobs = await inbox(bob.cookie);
  expect(bobs.json.data.items.map((m) => m.title)).toEqual(["For Bob", "Shared"]);
});

test("html bodies arrive sanitized", async () => {
  const res = await open(alice.cookie, ids.html!);
  expect(res.json.data.format).toBe("html");
  expect(res.json.data.content).toBe("<p>ok</p>");
  // even a row written around the API (e.g. by hand in the database) is cleaned on the way out
  await db().message.update({ where: { id: ids.html }, data: { content: '<img src=x onerror="alert(1)"><b>b</b>' } });
  const again = await open(alice.cookie, ids.html!);
  expect(again.json.data.content).not.toContain("onerror");
  expect(again.json.data.content).toContain("<b>b</b>");
});

test("marking read sets read_at once and lowers the unread count", async () => {
  const before = await unread(alice.cookie);
  const first = await markRead(alice.cookie, ids.shared!);
  expect(first.status).toBe(200);
  expect(Date.parse(first.json.data.read_at)).not.toBeNaN();
  expect(await unread(alice.cookie)).toBe(before - 1);
  await new Promise((r) => setTimeout(r, 20));
  const second = await markRead(alice.cookie, ids.shared!);
  expect(second.json.data.read_at).toBe(first.json.data.read_at);
  expect(await unread(alice.cookie)).toBe(before - 1);
  const detail = await open(alice.cookie, ids.shared!);
  expect(detail.json.data).toMatchObject({ is_read: true, read_at: first.json.data.read_at });
  // the other recipient's copy is untouched
  expect((await open(bob.cookie, ids.shared!)).json.data).toMatchObject({ is_read: false, read_at: null });
});

test("others' messages answer like missing ones and are not marked", async () => {
  const read = await open(alice.cookie, ids.bobOnly!);
  const missing = await open(alice.cookie, 987_654);
  expect(read.status).toBe(404);
  expect(read.json).toEqual(missing.json);
  expect(read.json.message).toBe("消息不存在");
  const mark = await markRead(alice.cookie, ids.bobOnly!);
  expect(mark.status).toBe(404);
  expect(mark.json.message).toBe("消息不存在");
  const row = await db().messageRecipient.findUniqueOrThrow({
    where: { messageId_userId: { messageId: ids.bobOnly!, userId: bob.id } },
  });
  expect(row.readAt).toBeNull();
  expect(await db().messageRecipient.count({ where: { messageId: ids.bobOnly!, userId: alice.id } })).toBe(0);
});

test("deleted messages leave the inbox and the unread count", async () => {
  const before = await unread(alice.cookie);
  const totalBefore = (await inbox(alice.cookie)).json.data.total;
  await call(adminItemRoute, "DELETE", `/api/admin/messages/${ids.extra0}`, {
    cookie: rootCookie,
    params: { id: String(ids.extra0) },
  });
  expect(await unread(alice.cookie)).toBe(before - 1);
  expect((await inbox(alice.cookie)).json.data.total).toBe(totalBefore - 1);
  expect((await open(alice.cookie, ids.extra0!)).status).toBe(404);
  expect((await markRead(alice.cookie, ids.extra0!)).status).toBe(404);
});

test("visitors are refused", async () => {
  expect((await call(inboxRoute, "GET", "/api/user/messages")).status).toBe(401);
  expect((await call(itemRoute, "GET", "/api/user/messages/1", { params: { id: "1" } })).status).toBe(401);
  expect((await markRead(undefined, ids.shared!)).status).toBe(401);
});

test("bad ids and paging are refused", async () => {
  expect(
    (await call(itemRoute, "GET", "/api/user/messages/abc", { cookie: alice.cookie, params: { id: "abc" } })).status,
  ).toBe(400);
  expect((await inbox(alice.cookie, "?page_size=0")).status).toBe(400);
  // Above 100 is clamped, not refused (new-api).
  expect((await inbox(alice.cookie, "?page_size=1000")).json.data.page_size).toBe(100);
});
