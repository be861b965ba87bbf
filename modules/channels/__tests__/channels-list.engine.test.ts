// Channel list and search: filters, order, paging, tag mode with aggregated tag rows,
// tags, and the known-models list. Keys never appear in any answer.
import * as channelRoute from "@/app/api/channel/route";
import * as searchRoute from "@/app/api/channel/search/route";
import * as tagsRoute from "@/app/api/channel/tags/route";
import * as modelsRoute from "@/app/api/channel/models/route";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import { createChannel, type ChannelPage } from "@/test-support/api/channels-support";

setupApiHarness();

let root = "";
const ids: Record<string, number> = {};

beforeAll(async () => {
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
  ids.a = await createChannel(root, { name: "alpha", key: "sk-list-secret", models: "gpt-4o,m-x", priority: 5 });
  ids.b = await createChannel(root, { name: "beta", type: 43, models: "deepseek-chat", group: "vip", tag: "red" });
  ids.c = await createChannel(root, { name: "gamma", models: "m-x", group: "default,vip", tag: "red" });
  ids.d = await createChannel(root, { name: "delta", base_url: "https://delta.example", tag: "blue" });
  ids.e = await createChannel(root, { name: "epsilon", status: 2 });
  await db().channel.update({ where: { id: ids.b }, data: { usedQuota: BigInt(100), responseTime: 1000 } });
  await db().channel.update({ where: { id: ids.c }, data: { usedQuota: BigInt(50), responseTime: 3000, status: 2 } });
});

const search = (qs: string) => call<ChannelPage>(searchRoute, "GET", `/api/channel/search?${qs}`, { cookie: root });
const names = (p: ChannelPage) => p.items.map((i) => i.name);

test("list pages by priority then id, or by id; keys omitted; type counts", async () => {
  const res = await call<ChannelPage>(channelRoute, "GET", "/api/channel/?p=1&page_size=2", { cookie: root });
  expect(res.json.data).toMatchObject({ total: 5, page: 1, page_size: 2 });
  expect(names(res.json.data)).toEqual(["alpha", "epsilon"]);
  expect(res.json.data.type_counts).toEqual({ "1": 4, "43": 1 });
  const byId = await call<ChannelPage>(channelRoute, "GET", "/api/channel/?p=1&page_size=10&id_sort=true", {
    cookie: root,
  });
  expect(names(byId.json.data)).toEqual(["epsilon", "delta", "gamma", "beta", "alpha"]);
  expect(JSON.stringify(byId.json)).not.toContain("sk-list-secret");
  expect(byId.json.data.items.every((i) => i.key === "")).toBe(true);
  const p0 = await call<ChannelPage>(channelRoute, "GET", "/api/channel/?p=0&page_size=2", { cookie: root });
  expect(p0.json.data.page).toBe(1);
});

test("search by keyword (name, id, base URL), model, group, types, statuses, tags", async () => {
  expect(names((await search("keyword=ALP")).json.data)).toEqual(["alpha"]);
  expect(names((await search(`keyword=${ids.d}`)).json.data)).toEqual(["delta"]);
  expect(names((await search("keyword=delta.example")).json.data)).toEqual(["delta"]);
  expect(names((await search("model=m-x&id_sort=true")).json.data)).toEqual(["gamma", "alpha"]);
  expect(names((await search("group=vip&id_sort=true")).json.data)).toEqual(["gamma", "beta"]);
  expect(names((await search("types=43")).json.data)).toEqual(["beta"]);
  expect(names((await search("statuses=2&id_sort=true")).json.data)).toEqual(["epsilon", "gamma"]);
  expect(names((await search("tags=red,blue&id_sort=true")).json.data)).toEqual(["delta", "gamma", "beta"]);
  expect(names((await search("keyword=a&types=1&statuses=1&group=default&id_sort=true")).json.data)).toEqual([
    "delta",
    "alpha",
  ]);
  expect((await search("keyword=nothing-matches")).json.data).toMatchObject({ items: [], total: 0 });
});

test("tag mode: one row per tag with children, summed quota, mean tested response time, any-enabled status", async () => {
  const res = await search("tag_mode=true&id_sort=true&p=1&page_size=10");
  const page = res.json.data;
  expect(page.total).toBe(4); // epsilon, blue, red, alpha
  const red = page.items.find((i) => i.is_tag && i.tag === "red")!;
  expect(red).toMatchObject({ name: "red", used_quota: 150, response_time: 2000, status: 1, type: -1 });
  expect(red.children!.map((c) => c.name).sort()).toEqual(["beta", "gamma"]);
  expect(String(red.group).split(",").sort()).toEqual(["default", "vip"]);
  const blue = page.items.find((i) => i.is_tag && i.tag === "blue")!;
  expect(blue).toMatchObject({ response_time: 0, type: 1 });
  expect(page.items.filter((i) => !i.is_tag).map((i) => i.name)).toEqual(["epsilon", "alpha"]);
  const small = await search("tag_mode=true&id_sort=true&p=2&page_size=2");
  expect(small.json.data.total).toBe(4);
  expect(small.json.data.items.map((i) => (i.is_tag ? `tag:${i.tag}` : i.name))).toEqual(["tag:red", "alpha"]);
  await db().channel.update({ where: { id: ids.b }, data: { status: 2 } });
  const off = await search("tag_mode=true&tags=red");
  expect(off.json.data.items[0]).toMatchObject({ is_tag: true, status: 2 });
  await db().channel.update({ where: { id: ids.b }, data: { status: 1 } });
});

test("tags: distinct, sorted, offset and limit (max 200)", async () => {
  const res = await call<string[]>(tagsRoute, "GET", "/api/channel/tags?offset=0&limit=200", { cookie: root });
  expect(res.json.data).toEqual(["blue", "red"]);
  const second = await call<string[]>(tagsRoute, "GET", "/api/channel/tags?offset=1&limit=1", { cookie: root });
  expect(second.json.data).toEqual(["red"]);
  const tooMany = await call(tagsRoute, "GET", "/api/channel/tags?limit=201", { cookie: root });
  expect(tooMany.status).toBe(400);
});

test("known models: type defaults plus channel models, as {id}", async () => {
  const res = await call<{ id: string }[]>(modelsRoute, "GET", "/api/channel/models", { cookie: root });
  const list = res.json.data.map((m) => m.id);
  expect(list).toEqual(expect.arrayContaining(["m-x", "gpt-4o", "deepseek-reasoner", "suno_music", "swap_face"]));
  expect(new Set(list).size).toBe(list.length);
});

test("visitors and ordinary users cannot read channels, tags or models", async () => {
  const user = await createUserAndLogin();
  for (const cookie of [undefined, user.cookie]) {
    for (const [mod, path] of [
      [searchRoute, "/api/channel/search?keyword=a"],
      [tagsRoute, "/api/channel/tags"],
      [modelsRoute, "/api/channel/models"],
    ] as const) {
      const res = await call(mod, "GET", path, { cookie });
      expect(res.status).toBe(cookie ? 403 : 401);
      expect(res.json.data).toBeUndefined();
    }
  }
});
