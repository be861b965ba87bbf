// new-api's batch token calls and auto groups: POST /api/token/batch (delete several of the caller's
// tokens), POST /api/token/batch/keys (their full keys, at most 100), GET /api/token/auto-groups.
// Another user's tokens are never deleted nor their keys returned.
import * as tokenRoute from "@/app/api/token/route";
import * as batchRoute from "@/app/api/token/batch/route";
import * as keysRoute from "@/app/api/token/batch/keys/route";
import * as autoGroupsRoute from "@/app/api/token/auto-groups/route";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, setOptions, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

let alice = { id: 0, cookie: "" };
let bob = { id: 0, cookie: "" };
beforeAll(async () => {
  alice = await createUserAndLogin({ group: "vip" });
  bob = await createUserAndLogin();
});

async function tokenOf(cookie: string, name: string): Promise<{ id: number; key: string }> {
  const res = await call<{ id: number; key: string }>(tokenRoute, "POST", "/api/token/", {
    cookie,
    body: { name, unlimited_quota: true },
  });
  if (!res.json.success) throw new Error(res.json.message);
  return res.json.data;
}

const keys = (cookie: string, body: unknown) =>
  call<{ keys: Record<string, string> }>(keysRoute, "POST", "/api/token/batch/keys", { cookie, body });
const remove = (cookie: string, body: unknown) =>
  call<number>(batchRoute, "POST", "/api/token/batch", { cookie, body });

test("batch keys: the caller's full keys by id (no sk-), never another user's", async () => {
  const a1 = await tokenOf(alice.cookie, "a1");
  const a2 = await tokenOf(alice.cookie, "a2");
  const b1 = await tokenOf(bob.cookie, "b1");
  const res = await keys(alice.cookie, { ids: [a1.id, a2.id, b1.id, 999_999] });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.json).toEqual({
    success: true,
    message: "",
    data: { keys: { [a1.id]: a1.key.slice(3), [a2.id]: a2.key.slice(3) } },
  });
  expect(JSON.stringify(res.json)).not.toContain(b1.key.slice(3));
  expect((await keys(bob.cookie, { ids: [a1.id] })).json.data).toEqual({ keys: {} });
});

test("batch delete: only the caller's tokens, counted; their keys stop being listed", async () => {
  const a1 = await tokenOf(alice.cookie, "del-a1");
  const a2 = await tokenOf(alice.cookie, "del-a2");
  const b1 = await tokenOf(bob.cookie, "del-b1");
  const res = await remove(alice.cookie, { ids: [a1.id, a2.id, b1.id, a1.id] });
  expect(res.json).toEqual({ success: true, message: "", data: 2 });
  const rows = await db().token.findMany({ where: { id: { in: [a1.id, a2.id, b1.id] } }, orderBy: { id: "asc" } });
  expect(rows.map((r) => r.deletedAt !== null)).toEqual([true, true, false]);
  expect((await keys(alice.cookie, { ids: [a1.id, a2.id] })).json.data).toEqual({ keys: {} });
  expect((await remove(alice.cookie, { ids: [a1.id] })).json.data).toBe(0);
  // Bob's token still works for Bob.
  expect((await keys(bob.cookie, { ids: [b1.id] })).json.data.keys[b1.id]).toBe(b1.key.slice(3));
});

test("auto groups: the AutoGroups option kept to the caller's selectable groups, with the maximum", async () => {
  const get = (cookie: string) =>
    call<{ groups: string[]; max_count: number }>(autoGroupsRoute, "GET", "/api/token/auto-groups", { cookie });
  // Defaults: ["default"], 5.
  expect((await get(bob.cookie)).json).toEqual({
    success: true,
    message: "",
    data: { groups: ["default"], max_count: 5 },
  });
  await setOptions({
    AutoGroups: JSON.stringify(["vip", "default", "auto", "unpriced", "svip", "vip"]),
    MaxTokenAutoGroups: "3",
    UserUsableGroups: JSON.stringify({ default: "默认", unpriced: "x" }),
    GroupRatio: JSON.stringify({ default: 1, vip: 1.5, svip: 2 }),
  });
  // vip is alice's own group; svip is neither hers nor usable; unpriced has no ratio; auto never.
  expect((await get(alice.cookie)).json.data).toEqual({ groups: ["vip", "default"], max_count: 3 });
  expect((await get(bob.cookie)).json.data).toEqual({ groups: ["default"], max_count: 3 });
  expect((await call(autoGroupsRoute, "GET", "/api/token/auto-groups")).status).toBe(401);
});

test("hostile payloads are 4xx in new-api's shape and delete nothing", async () => {
  const a1 = await tokenOf(alice.cookie, "hostile");
  const hostile: unknown[] = [
    {},
    { ids: [] },
    { ids: a1.id },
    { ids: [String(a1.id)] },
    { ids: [-1] },
    { ids: [1.5] },
    { ids: [2 ** 40] },
    { ids: [{ $gt: 0 }] },
    [],
    "ids",
  ];
  for (const body of hostile) {
    for (const send of [keys, remove]) {
      const res = await send(alice.cookie, body);
      expect([res.status, res.json.success]).toEqual([400, false]);
      expect(res.json.message).toMatch(/\S/);
    }
  }
  const tooMany = await keys(alice.cookie, { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
  expect([tooMany.status, tooMany.json.message]).toEqual([400, "一次最多 100 个令牌"]);
  expect((await db().token.findUniqueOrThrow({ where: { id: a1.id } })).deletedAt).toBeNull();
  expect((await call(batchRoute, "POST", "/api/token/batch", { body: { ids: [a1.id] } })).status).toBe(401);
});
