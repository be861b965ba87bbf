// WeChat sign-in and binding (the code checked against the configured WeChat server):
// GET /api/oauth/wechat and /api/oauth/wechat/bind. A loopback fake plays the WeChat server.
// Telegram is in telegram.test.ts.
import * as wechatLoginRoute from "@/app/api/oauth/wechat/route";
import * as wechatBindRoute from "@/app/api/oauth/wechat/bind/route";
import * as selfRoute from "@/app/api/user/self/route";
import { resetEnvForTests } from "@/lib/env";
import { db } from "@/lib/server/db";
import { resetAllLimitersForTests } from "@/lib/server/http/rate-limit";
import { bindImAccount } from "@/modules/auth/server/im-auth/bind-im-account";
import { call, createUser, createUserAndLogin, sessionCookieFrom, setOptions } from "@/test-support/api/harness";
import { setupImAuthHarness, startFakeWeChat, userById, type FakeWeChat } from "@/test-support/api/im-auth-support";

setupImAuthHarness();

let wechat: FakeWeChat;

beforeAll(async () => {
  wechat = await startFakeWeChat();
});
afterAll(() => wechat.close());

beforeEach(async () => {
  await setOptions({
    WeChatAuthEnabled: "true",
    WeChatServerAddress: `${wechat.url}/`,
    WeChatServerToken: wechat.token,
    RegisterEnabled: "true",
    QuotaForNewUser: "0",
  });
});

const wechatLogin = (code: string, headers?: Record<string, string>, ip?: string) =>
  call<{ id: number; username: string; display_name: string }>(
    wechatLoginRoute,
    "GET",
    `/api/oauth/wechat?code=${encodeURIComponent(code)}`,
    { headers, ip },
  );
const wechatBind = (cookie: string, code: string) =>
  call(wechatBindRoute, "GET", `/api/oauth/wechat/bind?code=${encodeURIComponent(code)}`, { cookie });

describe("WeChat sign-in", () => {
  test("a new WeChat id registers wechat_<n> with the new-user quota and signs in", async () => {
    await setOptions({ QuotaForNewUser: "777" });
    wechat.codes.set("NEW111", "wx-open-new-1");
    const res = await wechatLogin("NEW111");
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("登录成功！");
    expect(res.json.data.username).toMatch(/^wechat_\d+$/);
    expect(res.json.data.display_name).toBe("WeChat User");
    // the fake saw the code and the token, exactly as configured (trailing slash trimmed)
    expect(wechat.requests.at(-1)).toEqual({ code: "NEW111", authorization: wechat.token });
    const cookie = sessionCookieFrom(res.setCookie);
    expect(cookie).toBeTruthy();
    const self = await call<{ wechat_id: string; quota: number }>(selfRoute, "GET", "/api/user/self", { cookie });
    expect(self.json.data).toMatchObject({ wechat_id: "wx-open-new-1", quota: 777 });
    expect(await db().log.count({ where: { userId: res.json.data.id, content: { contains: "新用户注册赠送" } } })).toBe(
      1,
    );
  });

  test("a bound WeChat id signs in its account (no second account)", async () => {
    const alice = await createUser();
    await db().user.update({ where: { id: alice.id }, data: { wechatId: "wx-alice" } });
    const before = await db().user.count();
    wechat.codes.set("ALICE1", "wx-alice");
    const res = await wechatLogin("ALICE1");
    expect(res.json).toMatchObject({ success: true, data: { id: alice.id, username: alice.username } });
    expect(await db().user.count()).toBe(before);
    expect((await userById(alice.id)).lastLoginAt).toBeGreaterThan(0);
  });

  test("a wrong or used code is refused: 验证码错误或已过期 (and nothing is created)", async () => {
    const before = await db().user.count();
    wechat.codes.set("ONCE22", "wx-once");
    expect((await wechatLogin("ONCE22")).json.success).toBe(true);
    const count = await db().user.count();
    expect(count).toBe(before + 1);
    for (const code of ["ONCE22", "NOPE99"]) {
      const res = await wechatLogin(code);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ success: false, message: "验证码错误或已过期" });
      expect(res.setCookie).toEqual([]);
    }
    expect(await db().user.count()).toBe(count);
  });

  test("an empty code is refused before the WeChat server is asked", async () => {
    const asked = wechat.requests.length;
    const res = await wechatLogin("  ");
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("请输入微信验证码");
    expect(wechat.requests.length).toBe(asked);
  });

  test("the WeChat server's own refusal is shown (wrong server token)", async () => {
    await setOptions({ WeChatServerToken: "not-the-token" });
    const res = await wechatLogin("ANY123");
    expect(res.json).toEqual({ success: false, message: "微信服务器拒绝了请求：无权进行此操作，Token 无效" });
  });

  test("an unreachable, garbled or silent WeChat server is refused, never trusted", async () => {
    await setOptions({ WeChatServerAddress: "http://127.0.0.1:1" });
    expect((await wechatLogin("ANY123")).json.message).toBe("无法连接微信服务器，请稍后再试");
    await setOptions({ WeChatServerAddress: wechat.url });
    expect((await wechatLogin("garbage")).json.message).toBe("无法连接微信服务器，请稍后再试");
    // a server that never answers is cut off by the call's own timeout (well inside this test's)
    expect((await wechatLogin("slow")).json.message).toBe("无法连接微信服务器，请稍后再试");
  }, 15_000);

  test("WeChat disabled: 管理员未开启通过微信登录以及注册, the server is not asked", async () => {
    await setOptions({ WeChatAuthEnabled: "false" });
    const asked = wechat.requests.length;
    wechat.codes.set("OFF123", "wx-off");
    const res = await wechatLogin("OFF123");
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("管理员未开启通过微信登录以及注册");
    expect(wechat.requests.length).toBe(asked);
    const user = await createUserAndLogin();
    expect((await wechatBind(user.cookie, "OFF123")).json.message).toBe("管理员未开启通过微信登录以及注册");
  });

  test("registration closed: a new WeChat id is refused, a bound one still signs in", async () => {
    await setOptions({ RegisterEnabled: "false" });
    const before = await db().user.count();
    wechat.codes.set("CLOSED", "wx-closed-new");
    expect((await wechatLogin("CLOSED")).json).toEqual({ success: false, message: "管理员关闭了新用户注册" });
    expect(await db().user.count()).toBe(before);
    const bob = await createUser();
    await db().user.update({ where: { id: bob.id }, data: { wechatId: "wx-bob-closed" } });
    wechat.codes.set("BOB123", "wx-bob-closed");
    expect((await wechatLogin("BOB123")).json.data.id).toBe(bob.id);
  });

  test("a banned or deleted account bound to the id cannot sign in", async () => {
    const banned = await createUser({ status: 2 });
    await db().user.update({ where: { id: banned.id }, data: { wechatId: "wx-banned" } });
    wechat.codes.set("BAN123", "wx-banned");
    expect((await wechatLogin("BAN123")).json).toEqual({ success: false, message: "用户已被封禁" });
    const gone = await createUser();
    await db().user.update({ where: { id: gone.id }, data: { wechatId: "wx-gone", deletedAt: new Date() } });
    wechat.codes.set("GONE12", "wx-gone");
    const res = await wechatLogin("GONE12");
    expect(res.json.success).toBe(false);
    expect(res.setCookie).toEqual([]);
  });

  test("a cross-site navigation to the sign-in URL is refused (login CSRF)", async () => {
    wechat.codes.set("CSRF12", "wx-csrf");
    const res = await wechatLogin("CSRF12", { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect(wechat.codes.has("CSRF12")).toBe(true);
  });

  test("wrong codes count as failed logins: a guessing address is blocked before the server is asked", async () => {
    process.env.LOGIN_RATE_LIMIT = "3";
    resetEnvForTests();
    resetAllLimitersForTests();
    try {
      const ip = "198.51.100.23";
      for (let i = 0; i < 3; i++)
        expect((await wechatLogin(`GUESS${i}`, undefined, ip)).json.message).toBe("验证码错误或已过期");
      const asked = wechat.requests.length;
      wechat.codes.set("RIGHT1", "wx-guess");
      const blocked = await wechatLogin("RIGHT1", undefined, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.json.message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
      expect(wechat.requests.length).toBe(asked);
      // another address is not affected
      expect((await wechatLogin("RIGHT1", undefined, "198.51.100.24")).json.success).toBe(true);
    } finally {
      process.env.LOGIN_RATE_LIMIT = "1000";
      resetEnvForTests();
      resetAllLimitersForTests();
    }
  });

  test("two sign-ins racing with one new WeChat id create one account", async () => {
    const before = await db().user.count();
    for (let i = 0; i < 6; i++) wechat.codes.set(`RACE${i}`, "wx-race");
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => wechatLogin(`RACE${i}`)));
    expect(results.every((r) => r.json.success)).toBe(true);
    expect(new Set(results.map((r) => r.json.data.id)).size).toBe(1);
    expect(await db().user.count()).toBe(before + 1);
  });
});

describe("WeChat binding", () => {
  test("binds the id behind the code: 绑定成功！, shown in /api/user/self", async () => {
    const user = await createUserAndLogin();
    wechat.codes.set("BIND01", "wx-bind-1");
    const res = await wechatBind(user.cookie, "BIND01");
    expect(res.json).toEqual({ success: true, message: "绑定成功！", data: null });
    expect((await userById(user.id)).wechatId).toBe("wx-bind-1");
    // and the id now signs in this account
    wechat.codes.set("BIND02", "wx-bind-1");
    expect((await wechatLogin("BIND02")).json.data.id).toBe(user.id);
  });

  test("POST with a JSON body {code} binds too (newer clients)", async () => {
    const user = await createUserAndLogin();
    wechat.codes.set("POST01", "wx-post-1");
    const res = await call(wechatBindRoute, "POST", "/api/oauth/wechat/bind", {
      cookie: user.cookie,
      body: { code: "POST01" },
    });
    expect(res.json.success).toBe(true);
    expect((await userById(user.id)).wechatId).toBe("wx-post-1");
  });

  test("no takeover: an id bound to another account (even a deleted one) is refused", async () => {
    const owner = await createUser();
    await db().user.update({ where: { id: owner.id }, data: { wechatId: "wx-owned" } });
    const thief = await createUserAndLogin();
    wechat.codes.set("STEAL1", "wx-owned");
    const res = await wechatBind(thief.cookie, "STEAL1");
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ success: false, message: "该微信账号已被绑定" });
    expect((await userById(thief.id)).wechatId).toBe("");
    await db().user.update({ where: { id: owner.id }, data: { deletedAt: new Date() } });
    wechat.codes.set("STEAL2", "wx-owned");
    expect((await wechatBind(thief.cookie, "STEAL2")).json.message).toBe("该微信账号已被绑定");
  });

  test("a wrong code binds nothing; anonymous callers are refused", async () => {
    const user = await createUserAndLogin();
    expect((await wechatBind(user.cookie, "WRONG1")).json.message).toBe("验证码错误或已过期");
    expect((await wechatBind(user.cookie, "")).json.message).toBe("请输入微信验证码");
    expect((await userById(user.id)).wechatId).toBe("");
    wechat.codes.set("ANON12", "wx-anon");
    expect((await call(wechatBindRoute, "GET", "/api/oauth/wechat/bind?code=ANON12")).status).toBe(401);
  });

  test("users racing to bind one id: exactly one wins", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const outcomes = await Promise.allSettled(users.map((u) => bindImAccount(u.id, "wechat", "wx-contested")));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await db().user.count({ where: { wechatId: "wx-contested" } })).toBe(1);
  });
});
