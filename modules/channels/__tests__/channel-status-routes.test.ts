// new-api's channel status routes: POST /api/channel/{id}/status, POST /api/channel/status/batch
// (a manual status, abilities following, only changes counted) and GET /api/channel/tag/models.
import * as oneStatusRoute from "@/app/api/channel/[id]/status/route";
import * as batchStatusRoute from "@/app/api/channel/status/batch/route";
import * as tagModelsRoute from "@/app/api/channel/tag/models/route";
import { db } from "@/lib/server/db";
import { call, setupApiHarness } from "@/test-support/api/harness";
import { signInEveryRole } from "@/test-support/api/roles-support";
import { abilitiesOf, createChannel } from "@/test-support/api/channels-support";

setupApiHarness();

let root = "";
let admin = "";
let user = "";
beforeAll(async () => {
  ({ rootCookie: root, adminCookie: admin, userCookie: user } = await signInEveryRole());
});

const setOne = (cookie: string, id: number | string, body: unknown) =>
  call<boolean>(oneStatusRoute, "POST", `/api/channel/${id}/status`, { cookie, body, params: { id: String(id) } });
const setMany = (cookie: string, body: unknown) =>
  call<number>(batchStatusRoute, "POST", "/api/channel/status/batch", { cookie, body });
const statusOf = async (id: number) => (await db().channel.findUniqueOrThrow({ where: { id } })).status;

test("one channel: disabled with new-api's reason, enabled again; no change answers false", async () => {
  const id = await createChannel(root, { name: "st-one", models: "m1" });
  const off = await setOne(admin, id, { status: 2 });
  expect(off.json).toEqual({ success: true, message: "", data: true });
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe(2);
  expect(JSON.parse(row.otherInfo)).toMatchObject({
    status_reason: "manual operation",
    status_time: expect.any(Number),
  });
  expect(await abilitiesOf(id)).toEqual(["default/m1:0:"]);
  expect((await setOne(admin, id, { status: 2 })).json.data).toBe(false);
  expect((await setOne(admin, id, { status: 1 })).json.data).toBe(true);
  expect(await statusOf(id)).toBe(1);
  expect((await db().channel.findUniqueOrThrow({ where: { id } })).otherInfo).toBe("");
  expect(await abilitiesOf(id)).toEqual(["default/m1:1:"]);
  // An id no channel has: false, as new-api.
  expect((await setOne(admin, 999_999, { status: 2 })).json).toMatchObject({ success: true, data: false });
});

test("batch: counts only the channels that changed, an auto-disabled one included", async () => {
  const a = await createChannel(root, { name: "st-a" });
  const b = await createChannel(root, { name: "st-b" });
  const c = await createChannel(root, { name: "st-c" });
  await db().channel.update({ where: { id: c }, data: { status: 3 } });
  await setOne(root, b, { status: 2 });
  const res = await setMany(admin, { ids: [a, b, c, a, 999_999], status: 2 });
  expect(res.json).toEqual({ success: true, message: "", data: 2 });
  expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual([2, 2, 2]);
  expect((await setMany(admin, { ids: [a, b, c], status: 1 })).json.data).toBe(3);
  expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual([1, 1, 1]);
});

test("tag models: the longest list of the tag's channels; an empty tag is refused", async () => {
  await createChannel(root, { name: "tm-1", tag: "tm", models: "a,b" });
  await createChannel(root, { name: "tm-2", tag: "tm", models: "a,b,c" });
  await createChannel(root, { name: "other", tag: "tm-other", models: "a,b,c,d" });
  const get = (cookie: string, tag?: string) =>
    call<string>(tagModelsRoute, "GET", `/api/channel/tag/models${tag === undefined ? "" : `?tag=${tag}`}`, {
      cookie,
    });
  expect((await get(admin, "tm")).json).toEqual({ success: true, message: "", data: "a,b,c" });
  expect((await get(admin, "none")).json.data).toBe("");
  for (const tag of [undefined, "", "%20"]) {
    const res = await get(admin, tag);
    expect([res.status, res.json.success]).toEqual([400, false]);
  }
  expect((await get(user, "tm")).status).toBe(403);
});

test("a user is refused; hostile payloads are 4xx and change nothing", async () => {
  const id = await createChannel(root, { name: "st-hostile" });
  expect((await setOne(user, id, { status: 2 })).status).toBe(403);
  expect((await setMany(user, { ids: [id], status: 2 })).status).toBe(403);
  for (const body of [{}, { status: 3 }, { status: 0 }, { status: "2" }, { status: 1.5 }, [], "x"]) {
    const res = await setOne(admin, id, body);
    expect([res.status, res.json.success]).toEqual([400, false]);
  }
  for (const bad of ["abc", "0", "-1", "1e3", "99999999999"])
    expect((await setOne(admin, bad, { status: 2 })).status).toBe(400);
  const hostileBatch: unknown[] = [
    { ids: [], status: 2 },
    { ids: [id], status: 3 },
    { ids: ["1"], status: 2 },
    { ids: [-1], status: 2 },
    { ids: [2 ** 40], status: 2 },
    { ids: id, status: 2 },
    { ids: Array.from({ length: 10_001 }, (_, i) => i + 1), status: 2 },
  ];
  for (const body of hostileBatch) {
    const res = await setMany(admin, body);
    expect([res.status, res.json.success]).toEqual([400, false]);
  }
  expect(await statusOf(id)).toBe(1);
});
