// Telegram sign-in and binding (the widget data checked with the bot token):
// GET /api/oauth/telegram/login and /api/oauth/telegram/bind. WeChat is in wechat.test.ts.
import * as telegramLoginRoute from "@/app/api/oauth/telegram/login/route";
import * as telegramBindRoute from "@/app/api/oauth/telegram/bind/route";
import { db } from "@/lib/server/db";
import { call, createUser, createUserAndLogin, sessionCookieFrom, setOptions } from "@/test-support/api/harness";
import { query, setupImAuthHarness, signedTelegramFields, userById } from "@/test-support/api/im-auth-support";

setupImAuthHarness();

const BOT_TOKEN = "123456:telegram-bot-token-for-tests";

beforeEach(async () => {
  await setOptions({
    TelegramOAuthEnabled: "true",
    TelegramBotName: "gateway_test_bot",
    TelegramBotToken: BOT_TOKEN,
    RegisterEnabled: "true",
    QuotaForNewUser: "0",
  });
});

const telegramLogin = (fields: Record<string, string>) =>
  call<{ id: number; username: string }>(telegramLoginRoute, "GET", `/api/oauth/telegram/login?${query(fields)}`);
const telegramBind = (cookie: string, fields: Record<string, string>, headers?: Record<string, string>) =>
  call(telegramBindRoute, "GET", `/api/oauth/telegram/bind?${query(fields)}`, { cookie, headers });

describe("Telegram sign-in", () => {
  test("valid widget data signs in the bound account", async () => {
    const user = await createUser();
    await db().user.update({ where: { id: user.id }, data: { telegramId: "5550001" } });
    const res = await telegramLogin(signedTelegramFields(BOT_TOKEN, { id: "5550001" }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: "登录成功！", data: { id: user.id } });
    expect(sessionCookieFrom(res.setCookie)).toBeTruthy();
  });

  test("lang added by the client beside the signed fields is tolerated", async () => {
    const user = await createUser();
    await db().user.update({ where: { id: user.id }, data: { telegramId: "5550002" } });
    const res = await telegramLogin({ ...signedTelegramFields(BOT_TOKEN, { id: "5550002" }), lang: "zh" });
    expect(res.json.data.id).toBe(user.id);
  });

  test("an unbound Telegram id is not registered: told to bind first", async () => {
    const before = await db().user.count();
    const res = await telegramLogin(signedTelegramFields(BOT_TOKEN, { id: "5559999" }));
    expect(res.json).toEqual({
      success: false,
      message: "该 Telegram 账户尚未绑定，请先用其他方式登录并在个人设置中绑定",
    });
    expect(res.setCookie).toEqual([]);
    expect(await db().user.count()).toBe(before);
  });

  test("a bad hash, a tampered field, another bot's signature or no hash is refused", async () => {
    const user = await createUser();
    await db().user.update({ where: { id: user.id }, data: { telegramId: "5550003" } });
    const good = signedTelegramFields(BOT_TOKEN, { id: "5550003" });
    const cases = [
      { ...good, hash: "0".repeat(64) },
      { ...good, id: "5550004" }, // someone else's id under a valid signature
      signedTelegramFields("999:another-bot", { id: "5550003" }),
      { ...good, hash: "" },
      { id: good.id!, auth_date: good.auth_date! },
    ];
    for (const fields of cases) {
      const res = await telegramLogin(fields);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ success: false, message: "Telegram 登录数据校验失败，请重新授权" });
      expect(res.setCookie).toEqual([]);
    }
  });

  test("stale auth_date (over a day) is refused as expired; far-future as invalid", async () => {
    const user = await createUser();
    await db().user.update({ where: { id: user.id }, data: { telegramId: "5550005" } });
    const now = Math.floor(Date.now() / 1000);
    const stale = await telegramLogin(signedTelegramFields(BOT_TOKEN, { id: "5550005" }, now - 86_400 - 120));
    expect(stale.json).toEqual({ success: false, message: "Telegram 登录数据已过期，请重新授权" });
    const future = await telegramLogin(signedTelegramFields(BOT_TOKEN, { id: "5550005" }, now + 3600));
    expect(future.json.message).toBe("Telegram 登录数据校验失败，请重新授权");
    const recent = await telegramLogin(signedTelegramFields(BOT_TOKEN, { id: "5550005" }, now - 3600));
    expect(recent.json.success).toBe(true);
  });

  test("Telegram disabled, or no bot token configured: refused", async () => {
    await setOptions({ TelegramOAuthEnabled: "false" });
    const res = await telegramLogin(signedTelegramFields(BOT_TOKEN, { id: "5550006" }));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("管理员未开启通过 Telegram 登录以及注册");
    await setOptions({ TelegramOAuthEnabled: "true", TelegramBotToken: "" });
    // with an empty token anyone could compute the "hash": never accepted
    expect((await telegramLogin(signedTelegramFields("", { id: "5550006" }))).json.message).toBe(
      "Telegram 登录数据校验失败，请重新授权",
    );
  });
});

describe("Telegram binding", () => {
  test("binds a verified id; it then signs in that account", async () => {
    const user = await createUserAndLogin();
    const res = await telegramBind(user.cookie, signedTelegramFields(BOT_TOKEN, { id: "7770001" }));
    expect(res.json).toEqual({ success: true, message: "绑定成功！", data: null });
    expect((await userById(user.id)).telegramId).toBe("7770001");
    expect((await telegramLogin(signedTelegramFields(BOT_TOKEN, { id: "7770001" }))).json.data.id).toBe(user.id);
    // binding the same id again is harmless
    expect((await telegramBind(user.cookie, signedTelegramFields(BOT_TOKEN, { id: "7770001" }))).json.success).toBe(
      true,
    );
  });

  test("an id bound to someone else is refused: 该 Telegram 账户已被绑定", async () => {
    const owner = await createUser();
    await db().user.update({ where: { id: owner.id }, data: { telegramId: "7770002" } });
    const thief = await createUserAndLogin();
    const res = await telegramBind(thief.cookie, signedTelegramFields(BOT_TOKEN, { id: "7770002" }));
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("该 Telegram 账户已被绑定");
    expect((await userById(thief.id)).telegramId).toBe("");
  });

  test("bad hash and stale data bind nothing", async () => {
    const user = await createUserAndLogin();
    const good = signedTelegramFields(BOT_TOKEN, { id: "7770003" });
    expect((await telegramBind(user.cookie, { ...good, hash: "f".repeat(64) })).json.message).toBe(
      "Telegram 登录数据校验失败，请重新授权",
    );
    const stale = signedTelegramFields(BOT_TOKEN, { id: "7770003" }, Math.floor(Date.now() / 1000) - 90_000);
    expect((await telegramBind(user.cookie, stale)).json.message).toBe("Telegram 登录数据已过期，请重新授权");
    expect((await userById(user.id)).telegramId).toBe("");
  });

  test("a cross-site navigation (the widget's data-auth-url, or an attacker's link) binds nothing", async () => {
    const user = await createUserAndLogin();
    const fields = signedTelegramFields(BOT_TOKEN, { id: "7770004" });
    const res = await telegramBind(user.cookie, fields, { "sec-fetch-site": "cross-site" });
    expect(res.status).toBe(403);
    expect((await userById(user.id)).telegramId).toBe("");
    const same = await telegramBind(user.cookie, fields, { "sec-fetch-site": "same-origin" });
    expect(same.json.success).toBe(true);
  });
});
