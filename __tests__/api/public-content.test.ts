// new-api's public read routes (issue 22 B8): /api/notice, /api/about, /api/home_page_content answer
// the stored option string as data; /api/models the channel-type → models map (logged in, as in
// new-api); /api/user/groups the usable groups {group: {ratio, desc}} with or without a session.
import * as aboutRoute from "@/app/api/about/route";
import * as homeRoute from "@/app/api/home_page_content/route";
import * as modelsRoute from "@/app/api/models/route";
import * as noticeRoute from "@/app/api/notice/route";
import * as groupsRoute from "@/app/api/user/groups/route";
import { CHANNEL_TYPES } from "@/lib/channel-types";
import { call, createUserAndLogin, setOptions, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

test("notice, about and home page content answer the option as stored, to anyone", async () => {
  for (const r of [noticeRoute, aboutRoute, homeRoute]) {
    expect((await call(r, "GET", "/api/x")).json).toEqual({ success: true, message: "", data: "" });
  }
  await setOptions({ Notice: "# 公告\n维护中", About: "<p>about</p>", HomePageContent: "https://example.com/home" });
  expect((await call(noticeRoute, "GET", "/api/notice")).json.data).toBe("# 公告\n维护中");
  expect((await call(aboutRoute, "GET", "/api/about")).json.data).toBe("<p>about</p>");
  expect((await call(homeRoute, "GET", "/api/home_page_content")).json.data).toBe("https://example.com/home");
});

test("models: the channel type → model names map, for logged-in users only", async () => {
  expect((await call(modelsRoute, "GET", "/api/models")).status).toBe(401);
  const user = await createUserAndLogin();
  const res = await call<Record<string, string[]>>(modelsRoute, "GET", "/api/models", { cookie: user.cookie });
  expect(res.json.success).toBe(true);
  const openai = CHANNEL_TYPES.find((t) => t.id === 1)!;
  expect(res.json.data["1"]).toEqual(openai.models);
  expect(Object.keys(res.json.data)).toHaveLength(CHANNEL_TYPES.length);
});

test("user groups: usable groups with a ratio; a session answers the caller's own groups", async () => {
  await setOptions({
    GroupRatio: JSON.stringify({ default: 1, vip: 2, hidden: 3 }),
    UserUsableGroups: JSON.stringify({ default: "默认分组", vip: "vip分组", noratio: "无倍率" }),
  });
  const anon = await call(groupsRoute, "GET", "/api/user/groups");
  expect(anon.json).toEqual({
    success: true,
    message: "",
    data: { default: { ratio: 1, desc: "默认分组" }, vip: { ratio: 2, desc: "vip分组" } },
  });
  const member = await createUserAndLogin({ group: "hidden" });
  const own = await call<Record<string, unknown>>(groupsRoute, "GET", "/api/user/groups", { cookie: member.cookie });
  expect(own.json.data).toEqual({
    hidden: { ratio: 3, desc: "hidden" },
    default: { ratio: 1, desc: "默认分组" },
    vip: { ratio: 2, desc: "vip分组" },
  });
});
