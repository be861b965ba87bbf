// POST /api/channel/multi_key/manage: new-api's actions on the keys of a multi-key channel, the key
// list masked and paged, per-key state kept in channel_info as new-api (and as the relay writes it),
// root-only deletes, and refusals (user, hostile payloads) in the {success:false,message} shape.
import * as manageRoute from "@/app/api/channel/multi_key/manage/route";
import { db } from "@/lib/server/db";
import { open } from "@/lib/server/crypto/secret-box";
import type { KeyStatusPage } from "@/modules/channels/multi-key-schemas";
import { call, setupApiHarness } from "@/test-support/api/harness";
import { signInEveryRole } from "@/test-support/api/roles-support";
import { createChannel, createChannels, EN } from "@/test-support/api/channels-support";

setupApiHarness();

const KEYS = ["sk-alpha-000000000001", "sk-bravo-000000000002", "sk-charlie-00000000003", "sk-delta-000000000004"];
let root = "";
let admin = "";
let user = "";
beforeAll(async () => {
  ({ rootCookie: root, adminCookie: admin, userCookie: user } = await signInEveryRole());
});

const manage = <T = unknown>(cookie: string, body: unknown, headers?: Record<string, string>) =>
  call<T>(manageRoute, "POST", "/api/channel/multi_key/manage", { cookie, body, headers });

async function multiKeyChannel(keys = KEYS): Promise<number> {
  const [id] = await createChannels(root, {
    mode: "multi_to_single",
    channel: { name: "mk", type: 1, key: keys.join("\n"), models: "m", group: "default" },
  });
  return id!;
}

/** Marks a key as the relay does when it disables one (channel-health.ts autoDisable). */
async function relayDisables(id: number, index: number, reason: string, time: number) {
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  const info = JSON.parse(row.channelInfo);
  info.multi_key_status_list = { ...info.multi_key_status_list, [index]: 3 };
  info.multi_key_disabled_reason = { ...info.multi_key_disabled_reason, [index]: reason };
  info.multi_key_disabled_time = { ...info.multi_key_disabled_time, [index]: time };
  await db().channel.update({ where: { id }, data: { channelInfo: JSON.stringify(info) } });
}

const status = async (cookie: string, id: number, extra: Record<string, unknown> = {}) =>
  (await manage<KeyStatusPage>(cookie, { channel_id: id, action: "get_key_status", ...extra })).json.data;

test("get_key_status lists every key masked, with the relay's reason and time, and counts", async () => {
  const id = await multiKeyChannel();
  await relayDisables(id, 1, "invalid api key", 1_700_000_000);
  const res = await manage<KeyStatusPage>(admin, { channel_id: id, action: "get_key_status" });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, message: "" });
  expect(res.json.data).toEqual({
    keys: [
      { index: 0, status: 1, key_preview: "sk-alpha-0..." },
      { index: 1, status: 3, key_preview: "sk-bravo-0...", reason: "invalid api key", disabled_time: 1_700_000_000 },
      { index: 2, status: 1, key_preview: "sk-charlie..." },
      { index: 3, status: 1, key_preview: "sk-delta-0..." },
    ],
    total: 4,
    page: 1,
    page_size: 50,
    total_pages: 1,
    enabled_count: 3,
    manual_disabled_count: 0,
    auto_disabled_count: 1,
  });
  for (const key of KEYS) expect(JSON.stringify(res.json)).not.toContain(key);
});

test("pages and the status filter narrow the list, never the counts; a short key is never shown whole", async () => {
  const id = await multiKeyChannel(["abcdef", ...KEYS]);
  await manage(admin, { channel_id: id, action: "disable_key", key_index: 2 });
  const page2 = await status(admin, id, { page: 2, page_size: 2 });
  expect(page2).toMatchObject({ total: 5, page: 2, page_size: 2, total_pages: 3, enabled_count: 4 });
  expect(page2.keys.map((k) => k.index)).toEqual([2, 3]);
  // Past the last page: the last page (new-api clamps).
  expect((await status(admin, id, { page: 99, page_size: 2 })).keys.map((k) => k.index)).toEqual([4]);
  const off = await status(admin, id, { status: 2 });
  expect(off).toMatchObject({ total: 1, enabled_count: 4, manual_disabled_count: 1 });
  expect(off.keys).toEqual([{ index: 2, status: 2, key_preview: "sk-bravo-0..." }]);
  expect((await status(admin, id)).keys[0]!.key_preview).toBe("abc...");
});

test("enable and disable one key or all of them, stored as new-api's channel_info", async () => {
  const id = await multiKeyChannel();
  await relayDisables(id, 0, "quota exceeded", 1_700_000_001);
  const disabled = await manage(admin, { channel_id: id, action: "disable_key", key_index: 3 });
  expect(disabled.json).toEqual({ success: true, message: "密钥已禁用", data: null });
  const info = JSON.parse((await db().channel.findUniqueOrThrow({ where: { id } })).channelInfo);
  expect(info).toMatchObject({
    is_multi_key: true,
    multi_key_status_list: { "0": 3, "3": 2 },
    multi_key_disabled_reason: { "0": "quota exceeded" },
    multi_key_disabled_time: { "0": 1_700_000_001 },
  });
  const enabled = await manage(admin, { channel_id: id, action: "enable_key", key_index: 0 }, EN);
  expect(enabled.json).toMatchObject({ success: true, message: "Key enabled" });
  expect((await status(admin, id)).keys.map((k) => k.status)).toEqual([1, 1, 1, 2]);

  const all = await manage(admin, { channel_id: id, action: "disable_all_keys" });
  expect(all.json).toMatchObject({ success: true, message: "已禁用 3 个密钥" });
  expect((await status(admin, id)).manual_disabled_count).toBe(4);
  expect((await manage(admin, { channel_id: id, action: "disable_all_keys" })).status).toBe(400);
  const back = await manage(admin, { channel_id: id, action: "enable_all_keys" }, EN);
  expect(back.json).toMatchObject({ success: true, message: "Enabled 4 keys" });
  expect(await status(admin, id)).toMatchObject({ enabled_count: 4, manual_disabled_count: 0 });
});

test("deleting keys is root's: one key, then the auto-disabled ones; states follow their keys", async () => {
  const id = await multiKeyChannel();
  await relayDisables(id, 1, "bad key", 1_700_000_002);
  await manage(root, { channel_id: id, action: "disable_key", key_index: 2 });
  for (const action of ["delete_key", "delete_disabled_keys"]) {
    const refused = await manage(admin, { channel_id: id, action, key_index: 0 });
    expect(refused.status).toBe(403);
    expect(refused.json.success).toBe(false);
  }
  expect(open((await db().channel.findUniqueOrThrow({ where: { id } })).key).split("\n")).toHaveLength(4);

  expect((await manage(root, { channel_id: id, action: "delete_key", key_index: 0 })).json.success).toBe(true);
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect(open(row.key)).toBe(KEYS.slice(1).join("\n"));
  expect(JSON.parse(row.channelInfo)).toMatchObject({ key_count: 3, multi_key_status_list: { "0": 3, "1": 2 } });

  const swept = await manage(root, { channel_id: id, action: "delete_disabled_keys" });
  expect(swept.json).toEqual({ success: true, message: "已删除 1 个自动禁用的密钥", data: 1 });
  // The key disabled by hand stays, with its state.
  expect(open((await db().channel.findUniqueOrThrow({ where: { id } })).key)).toBe([KEYS[2], KEYS[3]].join("\n"));
  expect((await status(root, id)).keys.map((k) => k.status)).toEqual([2, 1]);
  expect((await manage(root, { channel_id: id, action: "delete_disabled_keys" })).status).toBe(400);
  await manage(root, { channel_id: id, action: "delete_key", key_index: 1 });
  const last = await manage(root, { channel_id: id, action: "delete_key", key_index: 0 }, EN);
  expect(last.status).toBe(400);
  expect(last.json.message).toBe("The last key of a channel cannot be deleted");
});

test("a user is refused; so is a channel with one key, an unknown one, and every hostile payload", async () => {
  const id = await multiKeyChannel();
  const single = await createChannel(root, { name: "single", key: "sk-only-key-0001" });
  const before = (await db().channel.findUniqueOrThrow({ where: { id } })).channelInfo;

  const asUser = await manage(user, { channel_id: id, action: "get_key_status" });
  expect(asUser.status).toBe(403);
  expect(asUser.json).toEqual({ success: false, message: expect.any(String) });
  expect((await call(manageRoute, "POST", "/api/channel/multi_key/manage", { body: {} })).status).toBe(401);

  const notMulti = await manage(admin, { channel_id: single, action: "get_key_status" });
  expect(notMulti.status).toBe(400);
  expect(notMulti.json.message).toBe("该渠道不是多密钥模式");
  expect((await manage(admin, { channel_id: 999_999, action: "get_key_status" })).status).toBe(404);

  const hostile: unknown[] = [
    "not json",
    [],
    { channel_id: id },
    { channel_id: id, action: "drop_table" },
    { channel_id: "1", action: "get_key_status" },
    { channel_id: -1, action: "get_key_status" },
    { channel_id: 2 ** 40, action: "get_key_status" },
    { channel_id: id, action: "disable_key" },
    { channel_id: id, action: "disable_key", key_index: 4 },
    { channel_id: id, action: "enable_key", key_index: -1 },
    { channel_id: id, action: "enable_key", key_index: 1.5 },
    { channel_id: id, action: "disable_key", key_index: "0" },
    { channel_id: id, action: "get_key_status", page_size: 1e9 },
    { channel_id: id, action: "get_key_status", page: -3 },
    { channel_id: id, action: "get_key_status", status: 7 },
    { channel_id: id, action: { $ne: 1 } },
  ];
  for (const body of hostile) {
    const res = await manage(admin, body);
    expect([res.status, res.json.success]).toEqual([400, false]);
    expect(res.json.message).toMatch(/\S/);
  }
  expect((await db().channel.findUniqueOrThrow({ where: { id } })).channelInfo).toBe(before);
});
