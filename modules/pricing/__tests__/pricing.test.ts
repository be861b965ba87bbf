// GET /api/pricing: public price list of the models channels serve.
import * as pricingRoute from "@/app/api/pricing/route";
import { db } from "@/lib/server/db";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import { call, createUserAndLogin, setOptions, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

type Pricing = {
  success: boolean;
  data: {
    model_name: string;
    quota_type: number;
    model_ratio: number;
    completion_ratio: number;
    model_price: number;
    enable_groups: string[];
  }[];
  group_ratio: Record<string, number>;
  usable_group: Record<string, string>;
};

beforeAll(async () => {
  await setupRoot();
  await setOptions({
    ModelRatio: JSON.stringify({ "p-ratio": 2.5 }),
    CompletionRatio: JSON.stringify({ "p-ratio": 3 }),
    ModelPrice: JSON.stringify({ "p-call": 0.02, "p-internal": 0.5 }),
    GroupRatio: JSON.stringify({ default: 1, vip: 0.8, internal: 0.1 }),
    UserUsableGroups: JSON.stringify({ default: "默认分组", vip: "vip分组" }),
  });
  const channel = await db().channel.create({ data: { name: "p", type: 1, key: "k", status: 1 } });
  await db().ability.createMany({
    data: [
      { group: "default", model: "p-ratio", channelId: channel.id },
      { group: "vip", model: "p-ratio", channelId: channel.id },
      { group: "vip", model: "p-call", channelId: channel.id },
      { group: "default", model: "p-unpriced", channelId: channel.id },
      // An internal group (not in UserUsableGroups): only its members may learn of it.
      { group: "internal", model: "p-ratio", channelId: channel.id },
      { group: "internal", model: "p-internal", channelId: channel.id },
    ],
  });
  invalidateChannels();
});

test("visitors see priced models, their groups and the group ratios beside data", async () => {
  const res = await call(pricingRoute, "GET", "/api/pricing");
  expect(res.status).toBe(200);
  const body = res.json as unknown as Pricing;
  expect(body.success).toBe(true);
  expect(body.data).toEqual([
    {
      model_name: "p-call",
      quota_type: 1,
      model_ratio: 0,
      completion_ratio: 0,
      model_price: 0.02,
      enable_groups: ["vip"],
    },
    {
      model_name: "p-ratio",
      quota_type: 0,
      model_ratio: 2.5,
      completion_ratio: 3,
      model_price: 0,
      enable_groups: ["default", "vip"],
    },
  ]);
  expect(body.group_ratio).toEqual({ default: 1, vip: 0.8 });
  expect(Object.keys(body.usable_group)).toEqual(["default", "vip"]);
});

test("a signed-in user's own group is listed first", async () => {
  const user = await createUserAndLogin({ group: "svip" });
  const body = (await call(pricingRoute, "GET", "/api/pricing", { cookie: user.cookie })).json as unknown as Pricing;
  expect(Object.keys(body.usable_group)[0]).toBe("svip");
});

test("issue 17: visitors and users see only the groups they may use, never internal ones", async () => {
  const visitor = (await call(pricingRoute, "GET", "/api/pricing")).json as unknown as Pricing;
  expect(JSON.stringify(visitor)).not.toContain("internal");
  expect(visitor.data.map((m) => m.model_name)).toEqual(["p-call", "p-ratio"]);

  const outsider = await createUserAndLogin({ group: "default" });
  const seen = (await call(pricingRoute, "GET", "/api/pricing", { cookie: outsider.cookie }))
    .json as unknown as Pricing;
  expect(JSON.stringify(seen)).not.toContain("internal");

  const member = await createUserAndLogin({ group: "internal" });
  const own = (await call(pricingRoute, "GET", "/api/pricing", { cookie: member.cookie })).json as unknown as Pricing;
  expect(own.group_ratio).toEqual({ default: 1, vip: 0.8, internal: 0.1 });
  expect(Object.keys(own.usable_group)).toEqual(["internal", "default", "vip"]);
  expect(own.data.find((m) => m.model_name === "p-internal")?.enable_groups).toEqual(["internal"]);
  expect(own.data.find((m) => m.model_name === "p-ratio")?.enable_groups).toEqual(["default", "internal", "vip"]);
});
