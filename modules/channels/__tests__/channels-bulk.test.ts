// Bulk channel calls: delete selected, delete auto-disabled, fix abilities, tag
// enable/disable, tag edit (dissolve with an empty new tag), batch set tag; their refusal messages;
// refusals leave everything unchanged.
import * as batchRoute from "@/app/api/channel/batch/route";
import * as batchTagRoute from "@/app/api/channel/batch/tag/route";
import * as disabledRoute from "@/app/api/channel/disabled/route";
import * as fixRoute from "@/app/api/channel/fix/route";
import * as tagRoute from "@/app/api/channel/tag/route";
import * as tagEnabledRoute from "@/app/api/channel/tag/enabled/route";
import * as tagDisabledRoute from "@/app/api/channel/tag/disabled/route";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import { abilitiesOf, channelCount, createChannel, EN } from "@/test-support/api/channels-support";

setupApiHarness();

let root = "";
beforeAll(async () => {
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
});

const statusOf = async (id: number) => (await db().channel.findUniqueOrThrow({ where: { id } })).status;

test("delete selected: answers the count; an empty selection is refused", async () => {
  const a = await createChannel(root, { name: "sel-a" });
  const b = await createChannel(root, { name: "sel-b" });
  const keep = await createChannel(root, { name: "sel-keep" });
  const res = await call<number>(batchRoute, "POST", "/api/channel/batch", {
    cookie: root,
    body: { ids: [a, b, 999] },
  });
  expect(res.json).toMatchObject({ success: true, data: 2 });
  expect(await db().channel.count({ where: { id: { in: [a, b] } } })).toBe(0);
  expect(await abilitiesOf(a)).toEqual([]);
  expect(await db().channel.findUnique({ where: { id: keep } })).not.toBeNull();
  const empty = await call(batchRoute, "POST", "/api/channel/batch", { cookie: root, body: { ids: [] } });
  expect(empty.json).toMatchObject({ success: false, message: "请先选择要删除的通道！" });
  const missing = await call(batchRoute, "POST", "/api/channel/batch", { cookie: root, body: {}, headers: EN });
  expect(missing.json.message).toBe("Please select the channels to delete first!");
});

test("delete auto-disabled: only status 3 channels go, the count is answered", async () => {
  const auto = await createChannel(root, { name: "auto-3" });
  const manual = await createChannel(root, { name: "manual-2", status: 2 });
  await db().channel.update({ where: { id: auto }, data: { status: 3 } });
  const res = await call<number>(disabledRoute, "DELETE", "/api/channel/disabled", { cookie: root });
  expect(res.json).toMatchObject({ success: true, data: 1 });
  expect(await db().channel.findUnique({ where: { id: auto } })).toBeNull();
  expect(await statusOf(manual)).toBe(2);
});

test("fix rebuilds the routing table from the channels", async () => {
  const id = await createChannel(root, { name: "fix-me", models: "f1,f2", group: "default" });
  await db().ability.deleteMany({ where: { channelId: id } });
  await db().ability.create({ data: { group: "stale", model: "old", channelId: id, enabled: true } });
  const res = await call<{ success: number; channels: number; abilities: number }>(
    fixRoute,
    "POST",
    "/api/channel/fix",
    {
      cookie: root,
    },
  );
  expect(res.json.success).toBe(true);
  expect(res.json.data.channels).toBe(await channelCount());
  expect(res.json.data.abilities).toBe(await db().ability.count());
  expect(await abilitiesOf(id)).toEqual(["default/f1:1:", "default/f2:1:"]);
});

test("tag enable/disable sets every child and its abilities; tag required", async () => {
  const x = await createChannel(root, { name: "tx", tag: "grp", models: "tm" });
  const y = await createChannel(root, { name: "ty", tag: "grp", models: "tm" });
  const other = await createChannel(root, { name: "tz", tag: "other", models: "tm" });
  const off = await call<number>(tagDisabledRoute, "POST", "/api/channel/tag/disabled", {
    cookie: root,
    body: { tag: "grp" },
  });
  expect(off.json.data).toBe(2);
  expect([await statusOf(x), await statusOf(y), await statusOf(other)]).toEqual([2, 2, 1]);
  expect(await abilitiesOf(x)).toEqual(["default/tm:0:grp"]);
  await db().channel.update({ where: { id: y }, data: { status: 3, otherInfo: '{"status_reason":"r"}' } });
  await call(tagEnabledRoute, "POST", "/api/channel/tag/enabled", { cookie: root, body: { tag: "grp" } });
  expect([await statusOf(x), await statusOf(y)]).toEqual([1, 1]);
  expect((await db().channel.findUniqueOrThrow({ where: { id: y } })).otherInfo).toBe("");
  expect(await abilitiesOf(y)).toEqual(["default/tm:1:grp"]);
  const empty = await call(tagEnabledRoute, "POST", "/api/channel/tag/enabled", { cookie: root, body: { tag: " " } });
  expect(empty.json).toMatchObject({ success: false, message: "标签不能为空！" });
  const unknown = await call(tagEnabledRoute, "POST", "/api/channel/tag/enabled", {
    cookie: root,
    body: { tag: "nope" },
  });
  expect(unknown.status).toBe(404);
});

test("tag edit overwrites the given fields on every child, rebuilds abilities, renames and dissolves", async () => {
  const a = await createChannel(root, { name: "ea", tag: "edit", models: "m1", priority: 1, weight: 1 });
  const b = await createChannel(root, { name: "eb", tag: "edit", models: "m2", group: "vip" });
  const res = await call<number>(tagRoute, "PUT", "/api/channel/tag", {
    cookie: root,
    body: {
      tag: "edit",
      new_tag: "edited",
      models: "n1,n2",
      groups: ["default", "svip"],
      model_mapping: '{"n1":"real-n1","__proto__":"bad"}',
      priority: 7,
      weight: 3,
    },
  });
  expect(res.json).toMatchObject({ success: true, data: 2 });
  for (const id of [a, b]) {
    const row = await db().channel.findUniqueOrThrow({ where: { id } });
    expect([row.tag, row.models, row.group, row.priority, row.weight]).toEqual([
      "edited",
      "n1,n2",
      "default,svip",
      7,
      3,
    ]);
    expect(JSON.parse(row.modelMapping)).toEqual({ n1: "real-n1" });
    expect(await abilitiesOf(id)).toEqual([
      "default/n1:1:edited",
      "default/n2:1:edited",
      "svip/n1:1:edited",
      "svip/n2:1:edited",
    ]);
  }
  // Only the priority: the rest stays.
  await call(tagRoute, "PUT", "/api/channel/tag", { cookie: root, body: { tag: "edited", priority: 2 } });
  expect((await db().channel.findUniqueOrThrow({ where: { id: a } })).models).toBe("n1,n2");
  // An empty new tag dissolves it.
  await call(tagRoute, "PUT", "/api/channel/tag", { cookie: root, body: { tag: "edited", new_tag: "" } });
  expect((await db().channel.findMany({ where: { id: { in: [a, b] } } })).map((c) => c.tag)).toEqual(["", ""]);
  expect(await abilitiesOf(a)).toEqual(["default/n1:1:", "default/n2:1:", "svip/n1:1:", "svip/n2:1:"]);
});

describe("tag edit messages", () => {
  beforeAll(async () => {
    await createChannel(root, { name: "msg", tag: "msgs" });
  });
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["no tag", { tag: "", priority: 1 }, "标签不能为空！", "The tag cannot be empty!"],
    ["nothing changed", { tag: "msgs", new_tag: "msgs" }, "没有任何修改！", "Nothing was changed!"],
    ["models emptied", { tag: "msgs", models: "," }, "请至少选择一个模型！", "Please select at least one model!"],
    ["groups emptied", { tag: "msgs", groups: [] }, "请至少选择一个分组！", "Please select at least one group!"],
    [
      "mapping",
      { tag: "msgs", model_mapping: "{" },
      "模型映射必须是合法的 JSON 格式！",
      "Model mapping must be valid JSON!",
    ],
    ["priority", { tag: "msgs", priority: 0.5 }, "优先级必须是整数！", "Priority must be an integer!"],
    ["weight", { tag: "msgs", weight: -2 }, "权重必须是非负整数！", "Weight must be a non-negative integer!"],
  ];
  test.each(cases)("%s", async (_l, body, zh, en) => {
    const res = await call(tagRoute, "PUT", "/api/channel/tag", { cookie: root, body });
    expect(res.json).toMatchObject({ success: false, message: zh });
    const enRes = await call(tagRoute, "PUT", "/api/channel/tag", { cookie: root, body, headers: EN });
    expect(enRes.json.message).toBe(en);
    const row = await db().channel.findFirstOrThrow({ where: { name: "msg" } });
    expect([row.tag, row.models, row.priority, row.weight]).toEqual(["msgs", "gpt-4o-mini", 0, 0]);
  });
});

test("batch set tag: tags the selection and its abilities; selection and tag are required", async () => {
  const a = await createChannel(root, { name: "bt-a", models: "bm" });
  const b = await createChannel(root, { name: "bt-b", models: "bm" });
  const res = await call<number>(batchTagRoute, "POST", "/api/channel/batch/tag", {
    cookie: root,
    body: { ids: [a, b], tag: " batch-tag " },
  });
  expect(res.json.data).toBe(2);
  expect((await db().channel.findMany({ where: { id: { in: [a, b] } } })).map((c) => c.tag)).toEqual([
    "batch-tag",
    "batch-tag",
  ]);
  expect(await abilitiesOf(a)).toEqual(["default/bm:1:batch-tag"]);
  const noSel = await call(batchTagRoute, "POST", "/api/channel/batch/tag", {
    cookie: root,
    body: { ids: [], tag: "t" },
  });
  expect(noSel.json.message).toBe("请先选择要设置标签的渠道！");
  const noSelEn = await call(batchTagRoute, "POST", "/api/channel/batch/tag", {
    cookie: root,
    body: { tag: "t" },
    headers: EN,
  });
  expect(noSelEn.json.message).toBe("Please select the channels to tag first!");
  const noTag = await call(batchTagRoute, "POST", "/api/channel/batch/tag", {
    cookie: root,
    body: { ids: [a], tag: "" },
  });
  expect(noTag.json.message).toBe("标签不能为空！");
  expect((await db().channel.findUniqueOrThrow({ where: { id: a } })).tag).toBe("batch-tag");
});

test("visitors and ordinary users are refused by every bulk call and nothing changes", async () => {
  const id = await createChannel(root, { name: "bulk-guard", tag: "guard", models: "gm" });
  await db().channel.update({ where: { id }, data: { status: 3 } });
  const user = await createUserAndLogin();
  const before = JSON.stringify(await db().channel.findMany({ orderBy: { id: "asc" } }), (_k, v) =>
    typeof v === "bigint" ? String(v) : v,
  );
  const abilitiesBefore = await db().ability.count();
  for (const cookie of [undefined, user.cookie]) {
    const status = cookie ? 403 : 401;
    const calls = [
      call(batchRoute, "POST", "/api/channel/batch", { cookie, body: { ids: [id] } }),
      call(batchTagRoute, "POST", "/api/channel/batch/tag", { cookie, body: { ids: [id], tag: "x" } }),
      call(disabledRoute, "DELETE", "/api/channel/disabled", { cookie }),
      call(fixRoute, "POST", "/api/channel/fix", { cookie }),
      call(tagRoute, "PUT", "/api/channel/tag", { cookie, body: { tag: "guard", new_tag: "" } }),
      call(tagEnabledRoute, "POST", "/api/channel/tag/enabled", { cookie, body: { tag: "guard" } }),
      call(tagDisabledRoute, "POST", "/api/channel/tag/disabled", { cookie, body: { tag: "guard" } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(status);
  }
  const after = JSON.stringify(await db().channel.findMany({ orderBy: { id: "asc" } }), (_k, v) =>
    typeof v === "bigint" ? String(v) : v,
  );
  expect(after).toBe(before);
  expect(await db().ability.count()).toBe(abilitiesBefore);
});
