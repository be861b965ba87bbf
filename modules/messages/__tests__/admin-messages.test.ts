// /api/admin/messages*: validation messages, html sanitization, search, stats, recipients,
// edit, delete and role refusals.
import * as listRoute from "@/app/api/admin/messages/route";
import * as searchRoute from "@/app/api/admin/messages/search/route";
import * as itemRoute from "@/app/api/admin/messages/[id]/route";
import * as recipientsRoute from "@/app/api/admin/messages/[id]/recipients/route";
import * as readRoute from "@/app/api/user/messages/[id]/read/route";
import { db } from "@/lib/server/db";
import {
  call,
  createUser,
  createUserAndLogin,
  login,
  ROOT_USER,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

type Page<T = Record<string, unknown>> = { items: T[]; total: number; page: number; page_size: number };
type Stats = { total_recipients: number; read_count?: number };
type AdminMessage = { id: number; title: string; content: string; format: string; created_at: string; stats: Stats };

let rootCookie = "";
let alice: Awaited<ReturnType<typeof createUserAndLogin>>;
let bob: Awaited<ReturnType<typeof createUserAndLogin>>;

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  alice = await createUserAndLogin({ username: "msg-alice" });
  bob = await createUserAndLogin({ username: "msg-bob" });
});

async function send(body: unknown, cookie = rootCookie) {
  return call<{ id: number }>(listRoute, "POST", "/api/admin/messages", { cookie, body });
}

describe("create validation", () => {
  const valid = () => ({ title: "Hello", content: "Body", format: "markdown", user_ids: [alice.id] });
  test.each([
    ["missing title", { title: undefined }, "请输入消息标题"],
    ["blank title", { title: "   " }, "请输入消息标题"],
    ["title too long", { title: "x".repeat(201) }, "消息标题不能超过 200 个字符"],
    ["missing content", { content: undefined }, "请输入消息内容"],
    ["blank content", { content: " \n " }, "请输入消息内容"],
    ["content too long", { content: "x".repeat(65_537) }, "消息内容不能超过 65536 个字符"],
    ["html that sanitizes to nothing", { format: "html", content: "<script>alert(1)</script>" }, "请输入消息内容"],
    ["bad format", { format: "bbcode" }, "消息格式只能是 markdown 或 html"],
    ["missing recipients", { user_ids: undefined }, "请选择至少一个收件人"],
    ["no recipients", { user_ids: [] }, "请选择至少一个收件人"],
    ["non-numeric recipient", { user_ids: ["x"] }, "收件人 ID 格式错误"],
    [
      "too many recipients",
      { user_ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      "一条消息最多发送给 1000 个收件人",
    ],
  ])("%s", async (_name, patch, message) => {
    const before = await db().message.count();
    const res = await send({ ...valid(), ...patch });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, message });
    expect(await db().message.count()).toBe(before);
  });

  test("unknown and deleted users are refused, naming them", async () => {
    const gone = await createUser({ username: "msg-gone" });
    await db().user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const res = await send({ ...valid(), user_ids: [alice.id, gone.id, 999_999] });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(`收件人不存在或已注销：${gone.id}, 999999`);
    expect(await db().message.count({ where: { title: "Hello" } })).toBe(0);
  });

  test("answers in English for English callers", async () => {
    const res = await call(listRoute, "POST", "/api/admin/messages", {
      cookie: `${rootCookie}; NEXT_LOCALE=en`,
      body: { ...valid(), title: "" },
    });
    expect(res.json.message).toBe("Please enter the message title");
  });
});

test("creates with a trimmed title, deduplicated recipients and a success message", async () => {
  const res = await send({
    title: "  Welcome  ",
    content: "**hi**",
    format: "markdown",
    user_ids: [alice.id, bob.id, bob.id],
  });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, message: "消息创建成功" });
  const id = res.json.data.id;
  const row = await db().message.findUniqueOrThrow({ where: { id }, include: { recipients: true } });
  expect(row.title).toBe("Welcome");
  expect(row.content).toBe("**hi**");
  expect(row.recipients.map((r) => r.userId).sort()).toEqual([alice.id, bob.id].sort());
});

test("html is sanitized before it is stored: no scripts, handlers or javascript: links", async () => {
  const payload =
    '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src=x onerror="alert(2)">' +
    '<a href="javascript:alert(3)">bad</a><a href="https://example.com">good</a><iframe src="https://evil"></iframe>';
  const res = await send({ title: "Html", content: payload, format: "html", user_ids: [alice.id] });
  expect(res.status).toBe(200);
  const stored = (await db().message.findUniqueOrThrow({ where: { id: res.json.data.id } })).content;
  expect(stored).toContain("<b>there</b>");
  expect(stored).toContain('href="https://example.com"');
  for (const bad of ["<script", "onerror", "onclick", "javascript:", "<iframe", "alert(1)"])
    expect(stored).not.toContain(bad);
  // markdown is stored verbatim: it is rendered without raw HTML on the client
  const md = await send({ title: "Md", content: "<b>raw</b>", format: "markdown", user_ids: [alice.id] });
  expect((await db().message.findUniqueOrThrow({ where: { id: md.json.data.id } })).content).toBe("<b>raw</b>");
});

test("list pages newest first with recipient counts and totals", async () => {
  for (let i = 0; i < 3; i += 1)
    await send({ title: `Paged ${i}`, content: "c", format: "markdown", user_ids: [alice.id, bob.id] });
  const total = await db().message.count({ where: { deletedAt: null } });
  const first = await call<Page<AdminMessage>>(listRoute, "GET", "/api/admin/messages?p=1&page_size=2", {
    cookie: rootCookie,
  });
  expect(first.status).toBe(200);
  expect(first.json.data).toMatchObject({ total, page: 1, page_size: 2 });
  expect(first.json.data.items.map((m) => m.title)).toEqual(["Paged 2", "Paged 1"]);
  expect(first.json.data.items[0]!.stats.total_recipients).toBe(2);
  expect(first.json.data.items[0]!.format).toBe("markdown");
  expect(Date.parse(first.json.data.items[0]!.created_at)).not.toBeNaN();
  const second = await call<Page<AdminMessage>>(listRoute, "GET", "/api/admin/messages?p=2&page_size=2", {
    cookie: rootCookie,
  });
  expect(second.json.data.items[0]!.title).toBe("Paged 0");
});

describe("search", () => {
  let oldId = 0;
  beforeAll(async () => {
    const old = await send({
      title: "Archive notice",
      content: "needle in body",
      format: "markdown",
      user_ids: [bob.id],
    });
    oldId = old.json.data.id;
    await db().message.update({ where: { id: oldId }, data: { createdAt: new Date("2024-03-10T12:00:00Z") } });
    await send({ title: "A needle in title", content: "x", format: "markdown", user_ids: [bob.id] });
  });
  const search = (qs: string) =>
    call<Page<AdminMessage>>(searchRoute, "GET", `/api/admin/messages/search?${qs}`, { cookie: rootCookie });

  test("keyword matches title or content", async () => {
    const res = await search("keyword=needle&p=1&page_size=10");
    expect(res.status).toBe(200);
    expect(res.json.data.items.map((m) => m.title).sort()).toEqual(["Archive notice", "A needle in title"].sort());
    expect(res.json.data.total).toBe(2);
  });

  test("created-date range (a date-only end includes the whole day)", async () => {
    const res = await search("start_date=2024-03-10&end_date=2024-03-10");
    expect(res.json.data.items.map((m) => m.id)).toEqual([oldId]);
    const iso = await search("start_date=2024-03-01T00:00:00.000Z&end_date=2024-03-10T11:00:00.000Z");
    expect(iso.json.data.total).toBe(0);
    const recent = await search(`keyword=needle&start_date=${new Date(Date.now() - 3_600_000).toISOString()}`);
    expect(recent.json.data.items.map((m) => m.title)).toEqual(["A needle in title"]);
  });

  test("bad dates are refused", async () => {
    expect((await search("start_date=yesterday")).json.message).toBe("日期格式错误，请使用 ISO 8601 格式");
    expect((await search("start_date=2024-03-11&end_date=2024-03-10")).json.message).toBe("开始日期不能晚于结束日期");
  });
});

describe("detail, recipients, edit, delete", () => {
  let id = 0;
  beforeAll(async () => {
    id = (await send({ title: "Stats", content: "s", format: "markdown", user_ids: [alice.id, bob.id] })).json.data.id;
    await call(readRoute, "PUT", `/api/user/messages/${id}/read`, { cookie: alice.cookie, params: { id: String(id) } });
  });
  const item = (method: "GET" | "PUT" | "DELETE", body?: unknown, msgId = id) =>
    call<AdminMessage | null>(itemRoute, method, `/api/admin/messages/${msgId}`, {
      cookie: rootCookie,
      params: { id: String(msgId) },
      body,
    });

  test("detail carries stats", async () => {
    const res = await item("GET");
    expect(res.json.data).toMatchObject({ id, title: "Stats", stats: { total_recipients: 2, read_count: 1 } });
  });

  test("recipients page with read status", async () => {
    const res = await call<Page<{ user_id: number; username: string; display_name: string; read_at: string | null }>>(
      recipientsRoute,
      "GET",
      `/api/admin/messages/${id}/recipients?p=1&page_size=1`,
      { cookie: rootCookie, params: { id: String(id) } },
    );
    expect(res.json.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    const [first] = res.json.data.items;
    expect(first).toMatchObject({ user_id: alice.id, username: "msg-alice", display_name: "msg-alice" });
    expect(Date.parse(first!.read_at!)).not.toBeNaN();
    const second = await call<Page<{ read_at: string | null; user_id: number }>>(
      recipientsRoute,
      "GET",
      `/api/admin/messages/${id}/recipients?p=2&page_size=1`,
      { cookie: rootCookie, params: { id: String(id) } },
    );
    expect(second.json.data.items[0]).toMatchObject({ user_id: bob.id, read_at: null });
  });

  test("edit validates, sanitizes and keeps read state", async () => {
    expect((await item("PUT", { title: " ", content: "x" })).json.message).toBe("请输入消息标题");
    expect((await item("PUT", { title: "t", content: "" })).json.message).toBe("请输入消息内容");
    expect((await item("PUT", { title: "t" })).json.message).toBe("请输入消息内容");
    const ok = await item("PUT", { title: " Edited ", content: '<i>new</i><img src=x onerror="a()">', format: "html" });
    expect(ok.json).toMatchObject({ success: true, message: "消息更新成功" });
    const row = await db().message.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ title: "Edited", format: "html" });
    expect(row.content).not.toContain("onerror");
    expect((await item("GET")).json.data).toMatchObject({ stats: { read_count: 1 } });
    // the format is kept when not sent
    await item("PUT", { title: "Edited", content: "<b>x</b>" });
    expect((await db().message.findUniqueOrThrow({ where: { id } })).format).toBe("html");
  });

  test("delete removes it from lists, detail and edits", async () => {
    const del = await item("DELETE");
    expect(del.json).toMatchObject({ success: true, message: "消息删除成功" });
    expect((await item("GET")).status).toBe(404);
    expect((await item("GET")).json.message).toBe("消息不存在");
    expect((await item("PUT", { title: "t", content: "c" })).status).toBe(404);
    expect((await item("DELETE")).status).toBe(404);
    const list = await call<Page<AdminMessage>>(listRoute, "GET", "/api/admin/messages?page_size=100", {
      cookie: rootCookie,
    });
    expect(list.json.data.items.map((m) => m.id)).not.toContain(id);
  });

  test("unknown ids", async () => {
    expect((await item("GET", undefined, 987_654)).json.message).toBe("消息不存在");
    const res = await call(recipientsRoute, "GET", "/api/admin/messages/987654/recipients", {
      cookie: rootCookie,
      params: { id: "987654" },
    });
    expect(res.status).toBe(404);
  });
});

test("visitors and ordinary users are refused and nothing changes", async () => {
  const target = (await send({ title: "Guarded", content: "g", format: "markdown", user_ids: [alice.id] })).json.data
    .id;
  const params = { id: String(target) };
  const before = await db().message.count();
  for (const cookie of [undefined, alice.cookie]) {
    const expected = cookie ? 403 : 401;
    const body = { title: "Hacked", content: "x", format: "markdown", user_ids: [alice.id] };
    expect((await call(listRoute, "POST", "/api/admin/messages", { cookie, body })).status).toBe(expected);
    expect((await call(listRoute, "GET", "/api/admin/messages", { cookie })).status).toBe(expected);
    expect((await call(searchRoute, "GET", "/api/admin/messages/search?keyword=a", { cookie })).status).toBe(expected);
    expect((await call(itemRoute, "GET", `/api/admin/messages/${target}`, { cookie, params })).status).toBe(expected);
    expect((await call(itemRoute, "PUT", `/api/admin/messages/${target}`, { cookie, params, body })).status).toBe(
      expected,
    );
    expect((await call(itemRoute, "DELETE", `/api/admin/messages/${target}`, { cookie, params })).status).toBe(
      expected,
    );
    const rec = await call(recipientsRoute, "GET", `/api/admin/messages/${target}/recipients`, { cookie, params });
    expect(rec.status).toBe(expected);
  }
  expect(await db().message.count()).toBe(before);
  expect(await db().message.findUniqueOrThrow({ where: { id: target } })).toMatchObject({
    title: "Guarded",
    deletedAt: null,
  });
});
