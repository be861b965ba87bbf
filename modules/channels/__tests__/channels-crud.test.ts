// Channel CRUD: create in its three modes, read without keys, update (full and
// partial), delete, copy; the validation messages (zh verbatim, en translated); refusals.
import * as channelRoute from "@/app/api/channel/route";
import * as oneRoute from "@/app/api/channel/[id]/route";
import * as copyRoute from "@/app/api/channel/copy/[id]/route";
import { db } from "@/lib/server/db";
import { open } from "@/lib/server/crypto/secret-box";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import {
  abilitiesOf,
  channelCount,
  createChannel,
  createChannels,
  EN,
  type ChannelRow,
} from "@/test-support/api/channels-support";

setupApiHarness();

let root = "";
beforeAll(async () => {
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
});

const post = (body: unknown, headers?: Record<string, string>) =>
  call(channelRoute, "POST", "/api/channel/", { cookie: root, body, headers });
const put = (body: unknown, headers?: Record<string, string>) =>
  call<ChannelRow>(channelRoute, "PUT", "/api/channel/", { cookie: root, body, headers });

test("single create stores the channel sealed, answers without the key, and builds abilities", async () => {
  const id = await createChannel(root, {
    name: "crud-one",
    key: "sk-secret-1",
    base_url: "https://up.example.com///",
    models: "m-a, m-b,m-a",
    group: "default,vip",
    // A raw text: an object literal's __proto__ would set the prototype, not a key.
    model_mapping: '{"m-a": "real-a", "__proto__": "x", "constructor": "y", "prototype": "z"}',
  });
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect(row.key).not.toContain("sk-secret-1");
  expect(open(row.key)).toBe("sk-secret-1");
  expect(row.baseUrl).toBe("https://up.example.com");
  expect(row.models).toBe("m-a,m-b");
  expect(JSON.parse(row.modelMapping)).toEqual({ "m-a": "real-a" });
  expect(Object.keys(JSON.parse(row.modelMapping))).toEqual(["m-a"]);
  expect(await abilitiesOf(id)).toEqual(["default/m-a:1:", "default/m-b:1:", "vip/m-a:1:", "vip/m-b:1:"]);
  const got = await call<ChannelRow>(oneRoute, "GET", `/api/channel/${id}`, {
    cookie: root,
    params: { id: String(id) },
  });
  expect(got.json.data).toMatchObject({ id, name: "crud-one", key: "", group: "default,vip" });
  expect(JSON.stringify(got.json)).not.toContain("sk-secret-1");
});

test("max_input_tokens, model_prefix and expired_time are stored, read back and updated", async () => {
  const id = await createChannel(root, {
    name: "crud-extra",
    key: "sk-extra",
    models: "m",
    group: "default",
    max_input_tokens: 4096,
    model_prefix: "acme/",
    expired_time: 1_900_000_000,
  });
  const read = async () =>
    (await call<ChannelRow>(oneRoute, "GET", `/api/channel/${id}`, { cookie: root, params: { id: String(id) } })).json
      .data;
  expect(await read()).toMatchObject({ max_input_tokens: 4096, model_prefix: "acme/", expired_time: 1_900_000_000 });
  expect((await put({ id, max_input_tokens: 0, model_prefix: "", expired_time: 0 })).status).toBe(200);
  expect(await read()).toMatchObject({ max_input_tokens: 0, model_prefix: "", expired_time: 0 });
  // Beyond the Int column: a 400, nothing stored.
  expect((await put({ id, max_input_tokens: 2 ** 31 })).status).toBe(400);
  expect(await read()).toMatchObject({ max_input_tokens: 0 });
});

test("batch creates one channel per key; multi_to_single one multi-key channel; comma keys too", async () => {
  const batch = await createChannels(root, {
    mode: "batch",
    channel: { name: "crud-batch", type: 1, key: "k1\nk2,k3", models: "m", group: "default" },
  });
  expect(batch).toHaveLength(3);
  const names = (await db().channel.findMany({ where: { id: { in: batch } }, orderBy: { id: "asc" } })).map(
    (c) => c.name,
  );
  expect(names).toEqual(["crud-batch_1", "crud-batch_2", "crud-batch_3"]);
  const [multi] = await createChannels(root, {
    mode: "multi_to_single",
    multi_key_mode: "polling",
    channel: { name: "crud-multi", type: 1, key: "k1\nk2", models: "m", group: "default" },
  });
  const row = await db().channel.findUniqueOrThrow({ where: { id: multi! } });
  expect(open(row.key)).toBe("k1\nk2");
  expect(JSON.parse(row.channelInfo)).toMatchObject({ is_multi_key: true, multi_key_mode: "polling", key_count: 2 });
});

/** A row of a type the gateway cannot save any more (imported from new-api): created as type 1, retyped. */
async function legacyChannel(name: string, type: number): Promise<number> {
  const id = await createChannel(root, { name });
  await db().channel.update({ where: { id }, data: { type } });
  return id;
}

test("a type without an adapter is refused on create and on a type switch (zh, en), nothing stored", async () => {
  const before = await channelCount();
  for (const type of [18, 999]) {
    const res = await post({ name: "nope", type, key: "a|b|c", models: "m", group: "default" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      message: `本网关尚不支持渠道类型 ${type}（没有适配器），无法保存`,
    });
    const en = await post({ name: "nope", type, key: "a|b|c", models: "m", group: "default" }, EN);
    expect(en.json.message).toBe(
      `Channel type ${type} is not supported by this gateway (no adapter), so it cannot be saved`,
    );
  }
  expect(await channelCount()).toBe(before);
  const id = await createChannel(root, { name: "switch" });
  const sw = await put({ id, type: 18, key: "a|b|c" });
  expect([sw.status, sw.json.message]).toEqual([400, "本网关尚不支持渠道类型 18（没有适配器），无法保存"]);
  expect((await db().channel.findUniqueOrThrow({ where: { id } })).type).toBe(1);
});

test("a stored row of an unsupported type stays editable: type 18 defaults its version to v2.1", async () => {
  const id = await legacyChannel("spark", 18);
  const res = await put({ id, type: 18, other: "", status: 2 });
  expect(res.status).toBe(200);
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect([row.type, row.other, row.status]).toEqual([18, "v2.1", 2]);
});

test("type 41 keeps its JSON key whole and refuses multi-key modes; its region must be JSON", async () => {
  const key =
    '{\n  "type": "service_account",\n  "project_id": "p, q",\n  "client_email": "e@p",\n  "private_key": "k"\n}';
  const id = await legacyChannel("vertex", 41);
  expect((await put({ id, key, other: "us-east5" })).status).toBe(200);
  expect(open((await db().channel.findUniqueOrThrow({ where: { id } })).key)).toBe(
    '{ "type": "service_account", "project_id": "p, q", "client_email": "e@p", "private_key": "k" }',
  );
  const multi = await post({ mode: "batch", channel: { name: "v", type: 41, key, models: "m", group: "default" } });
  expect(multi.json.message).toBe("该渠道类型不支持多密钥模式");
  const region = await post({ name: "v", type: 41, key, models: "m", group: "default", other: "{bad" });
  expect(region.status).toBe(400);
  expect(region.json.message).toBe("部署地区必须是合法的 JSON 格式！");
  const enRegion = await post({ name: "v", type: 41, key, models: "m", group: "default", other: "{bad" }, EN);
  expect(enRegion.json.message).toBe("The deployment region must be valid JSON!");
});

describe("validation messages (zh verbatim, en translated) and nothing stored", () => {
  const base = { name: "v", type: 1, key: "k", models: "m", group: "default" };
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["name missing", { name: "" }, "请填写渠道名称和渠道密钥！", "Please fill in the channel name and key!"],
    ["key missing", { key: " \n " }, "请填写渠道名称和渠道密钥！", "Please fill in the channel name and key!"],
    ["no model", { models: " , " }, "请至少选择一个模型！", "Please select at least one model!"],
    ["no group", { group: "" }, "请至少选择一个分组！", "Please select at least one group!"],
    ["mapping JSON", { model_mapping: "{x" }, "模型映射必须是合法的 JSON 格式！", "Model mapping must be valid JSON!"],
    [
      "setting JSON",
      { setting: "nope" },
      "渠道额外设置必须是合法的 JSON 格式！",
      "Channel settings must be valid JSON!",
    ],
    [
      "param override JSON",
      { param_override: "[" },
      "参数覆盖必须是合法的 JSON 格式！",
      "Parameter override must be valid JSON!",
    ],
    ["priority float", { priority: 1.5 }, "优先级必须是整数！", "Priority must be an integer!"],
    ["priority text", { priority: "high" }, "优先级必须是整数！", "Priority must be an integer!"],
    ["weight negative", { weight: -1 }, "权重必须是非负整数！", "Weight must be a non-negative integer!"],
    ["weight float", { weight: 0.5 }, "权重必须是非负整数！", "Weight must be a non-negative integer!"],
  ];
  test.each(cases)("%s", async (_label, patch, zh, en) => {
    const before = await channelCount();
    const res = await post({ ...base, ...patch });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, message: zh });
    expect((await post({ ...base, ...patch }, EN)).json.message).toBe(en);
    expect(await channelCount()).toBe(before);
  });
});

test("update: partial fields, key kept when empty, replaced when given; validation as on create", async () => {
  const id = await createChannel(root, { name: "upd", key: "old-key", models: "m1", priority: 1 });
  const quick = await put({ id, priority: 5 });
  expect(quick.json.data).toMatchObject({ id, priority: 5, name: "upd", models: "m1" });
  expect(open((await db().channel.findUniqueOrThrow({ where: { id } })).key)).toBe("old-key");
  // A new base URL would send the stored key elsewhere: it needs the key in the same request.
  expect((await put({ id, key: "", name: "upd2", base_url: "http://h/" })).status).toBe(400);
  await put({ id, key: "", name: "upd2", models: "m1,m2", base_url: "" });
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect([row.name, row.models, row.baseUrl, open(row.key)]).toEqual(["upd2", "m1,m2", "", "old-key"]);
  expect(await abilitiesOf(id)).toEqual(["default/m1:1:", "default/m2:1:"]);
  await put({ id, key: "new-key" });
  expect(open((await db().channel.findUniqueOrThrow({ where: { id } })).key)).toBe("new-key");
  await put({ id, status: 2 });
  expect(await abilitiesOf(id)).toEqual(["default/m1:0:", "default/m2:0:"]);
  expect((await put({ id, models: "" })).json.message).toBe("请至少选择一个模型！");
  expect((await put({ id, weight: -3 })).json.message).toBe("权重必须是非负整数！");
  expect((await put({ id, priority: 2.5 }, EN)).json.message).toBe("Priority must be an integer!");
  expect((await put({ id: 999_999, name: "x" })).json.message).toBe("渠道未找到，请刷新页面后重试。");
  expect((await db().channel.findUniqueOrThrow({ where: { id } })).priority).toBe(5);
});

test("a manual enable clears the auto-disable reason", async () => {
  const id = await createChannel(root, { name: "auto-off" });
  await db().channel.update({
    where: { id },
    data: { status: 3, otherInfo: JSON.stringify({ status_reason: "401", status_time: 1 }) },
  });
  await put({ id, status: 1 });
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect([row.status, row.otherInfo]).toEqual([1, ""]);
});

test("copy: suffix _复制, counters reset, same key, abilities built; unknown id is 404", async () => {
  const id = await createChannel(root, { name: "orig", key: "copy-key", models: "cm", tag: "t-copy" });
  await db().channel.update({
    where: { id },
    data: { balance: 12.5, usedQuota: BigInt(999), responseTime: 800, testTime: 5, createdTime: 1 },
  });
  const res = await call<{ id: number }>(copyRoute, "POST", `/api/channel/copy/${id}`, {
    cookie: root,
    params: { id: String(id) },
  });
  const copy = await db().channel.findUniqueOrThrow({ where: { id: res.json.data.id } });
  expect(copy.name).toBe("orig_复制");
  expect([copy.balance, Number(copy.usedQuota), copy.responseTime, copy.testTime]).toEqual([0, 0, 0, 0]);
  expect(copy.createdTime).toBeGreaterThan(1);
  expect([open(copy.key), copy.models, copy.tag]).toEqual(["copy-key", "cm", "t-copy"]);
  expect(await abilitiesOf(copy.id)).toEqual(["default/cm:1:t-copy"]);
  const missing = await call(copyRoute, "POST", "/api/channel/copy/999999", {
    cookie: root,
    params: { id: "999999" },
  });
  expect(missing.status).toBe(404);
});

test("delete removes the channel and its abilities; unknown id is 404", async () => {
  const id = await createChannel(root, { name: "gone", models: "gm" });
  const res = await call(oneRoute, "DELETE", `/api/channel/${id}/`, { cookie: root, params: { id: String(id) } });
  expect(res.json.success).toBe(true);
  expect(await db().channel.findUnique({ where: { id } })).toBeNull();
  expect(await abilitiesOf(id)).toEqual([]);
  const again = await call(oneRoute, "DELETE", `/api/channel/${id}/`, { cookie: root, params: { id: String(id) } });
  expect(again.status).toBe(404);
});

test("visitors and ordinary users are refused and change nothing", async () => {
  const id = await createChannel(root, { name: "guarded" });
  const user = await createUserAndLogin();
  for (const cookie of [undefined, user.cookie]) {
    const expected = cookie ? 403 : 401;
    const body = { name: "intruder", type: 1, key: "k", models: "m", group: "default" };
    expect((await call(channelRoute, "POST", "/api/channel/", { cookie, body })).status).toBe(expected);
    expect((await call(channelRoute, "PUT", "/api/channel/", { cookie, body: { id, name: "x" } })).status).toBe(
      expected,
    );
    const del = await call(oneRoute, "DELETE", `/api/channel/${id}/`, { cookie, params: { id: String(id) } });
    expect(del.status).toBe(expected);
    const cp = await call(copyRoute, "POST", `/api/channel/copy/${id}`, { cookie, params: { id: String(id) } });
    expect(cp.status).toBe(expected);
    const list = await call(channelRoute, "GET", "/api/channel/", { cookie });
    expect(list.status).toBe(expected);
    expect(JSON.stringify(list.json)).not.toContain("guarded");
  }
  expect((await db().channel.findUniqueOrThrow({ where: { id } })).name).toBe("guarded");
  expect(await db().channel.count({ where: { name: { in: ["intruder", "guarded_复制"] } } })).toBe(0);
});
