// GET /api/user/self/groups and /api/user/models: what the token drawer offers a user.
import * as groupsRoute from "@/app/api/user/self/groups/route";
import * as modelsRoute from "@/app/api/user/models/route";
import { db } from "@/lib/server/db";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import { call, createUserAndLogin, setOptions, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

beforeAll(async () => {
  await setupRoot();
  await setOptions({
    GroupRatio: JSON.stringify({ default: 1, vip: 2, svip: 3, hidden: 5 }),
    UserUsableGroups: JSON.stringify({ default: "默认分组", vip: "vip分组", unpriced: "no ratio" }),
  });
  const channel = await db().channel.create({
    data: { name: "c", type: 1, key: "k", models: "m-default,m-vip,m-svip", group: "default", status: 1 },
  });
  await db().ability.createMany({
    data: [
      { group: "default", model: "m-default", channelId: channel.id },
      { group: "vip", model: "m-vip", channelId: channel.id },
      { group: "svip", model: "m-svip", channelId: channel.id },
    ],
  });
  invalidateChannels();
});

test("usable groups with their ratios, the user's own group first", async () => {
  const user = await createUserAndLogin();
  await db().user.update({ where: { id: user.id }, data: { group: "svip" } });
  const res = await call<Record<string, { desc: string; ratio: number }>>(groupsRoute, "GET", "/api/user/self/groups", {
    cookie: user.cookie,
  });
  expect(res.status).toBe(200);
  expect(Object.keys(res.json.data)).toEqual(["svip", "default", "vip"]);
  expect(res.json.data.vip).toEqual({ desc: "vip分组", ratio: 2 });
  expect(res.json.data).not.toHaveProperty("hidden");
  expect(res.json.data).not.toHaveProperty("unpriced");
});

test("models of the usable groups only, optionally one group", async () => {
  const user = await createUserAndLogin();
  const all = await call<string[]>(modelsRoute, "GET", "/api/user/models", { cookie: user.cookie });
  expect(all.json.data).toEqual(["m-default", "m-vip"]);
  const vip = await call<string[]>(modelsRoute, "GET", "/api/user/models?group=vip", { cookie: user.cookie });
  expect(vip.json.data).toEqual(["m-vip"]);
  const foreign = await call<string[]>(modelsRoute, "GET", "/api/user/models?group=svip", { cookie: user.cookie });
  expect(foreign.json.data).toEqual([]);
});

test("visitors are refused", async () => {
  expect((await call(groupsRoute, "GET", "/api/user/self/groups")).status).toBe(401);
  expect((await call(modelsRoute, "GET", "/api/user/models")).status).toBe(401);
});
