// OIDC sign-in against a real OpenID Connect provider (oidc-provider on loopback): register with an
// invite code, sign in again, bind while signed in, refuse a provider account bound elsewhere, and
// the provider's configuration. The state and the id_token checks are in oauth-oidc-tokens.test.ts.
import * as selfRoute from "@/app/api/user/self/route";
import * as statusRoute from "@/app/api/status/route";
import { db } from "@/lib/server/db";
import { forgetOidcDiscovery } from "@/modules/auth/server/oauth-providers/oidc-discovery";
import { LOG_TYPE } from "@/lib/constants";
import { call, createUser, createUserAndLogin, setOptions, setupApiHarness } from "@/test-support/api/harness";
import { callback, getState, oidcRoundTrip, setupOidcIdp, type Browser } from "@/test-support/api/oauth-support";

setupApiHarness();
const { idp, config } = setupOidcIdp();

test("/api/status advertises OIDC (client id and authorization endpoint, never the secret)", async () => {
  const res = await call<Record<string, unknown>>(statusRoute, "GET", "/api/status");
  expect(res.json.data).toMatchObject({
    oidc_enabled: true,
    oidc_client_id: "gateway",
    oidc_authorization_endpoint: `${idp().issuer}/auth`,
  });
  expect(JSON.stringify(res.json.data)).not.toContain("gateway-secret");
});

test("a new provider account registers, with the invite code of the state, and gets a session", async () => {
  const inviter = await createUser({ username: "inviter1", affCode: "INV1" });
  await setOptions({ QuotaForNewUser: "100", QuotaForInvitee: "20", QuotaForInviter: "30" });
  const browser: Browser = {};
  const res = await oidcRoundTrip(browser, config(), "carol", "INV1");
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, message: "登录成功！", data: { username: "carol", role: 1 } });
  expect(browser.session).toBeDefined();

  const user = await db().user.findUniqueOrThrow({ where: { username: "carol" } });
  expect(user).toMatchObject({
    oidcId: "carol",
    displayName: "OIDC carol",
    email: "carol@idp.example",
    inviterId: inviter.id,
    quota: BigInt(120),
    password: "",
  });
  const credited = await db().user.findUniqueOrThrow({ where: { id: inviter.id } });
  // The inviter is counted now and rewarded at the invitee's first payment (review 3 L8).
  expect(credited).toMatchObject({ affCount: 1, affQuota: BigInt(0), affHistoryQuota: BigInt(0) });
  const logs = await db().log.findMany({ where: { type: LOG_TYPE.system, userId: { in: [user.id, inviter.id] } } });
  expect(logs.map((l) => l.content)).toHaveLength(2);
  expect(logs.map((l) => l.content)).toEqual(
    expect.arrayContaining([expect.stringContaining("新用户注册赠送"), expect.stringContaining("使用邀请码赠送")]),
  );
  // The minted session is a real one.
  const self = await call<{ username: string }>(selfRoute, "GET", "/api/user/self", { cookie: browser.session });
  expect(self.json.data.username).toBe("carol");
  await setOptions({ QuotaForNewUser: "0", QuotaForInvitee: "0", QuotaForInviter: "0" });
});

test("the same provider account signs in again to the same user", async () => {
  const before = await db().user.count();
  const res = await oidcRoundTrip({}, config(), "carol");
  expect(res.json).toMatchObject({ success: true, data: { username: "carol" } });
  expect(await db().user.count()).toBe(before);
});

test("a taken or unusable login name becomes oidc_{maxId+1}; a taken or unverified e-mail is left out", async () => {
  await createUser({ username: "dave", email: "dave@idp.example" });
  const max = (await db().user.aggregate({ _max: { id: true } }))._max.id!;
  const res = await oidcRoundTrip({}, config(), "dave");
  expect(res.json.data.username).toBe(`oidc_${max + 1}`);
  const dave2 = await db().user.findFirstOrThrow({ where: { oidcId: "dave" } });
  expect(dave2.email).toBe("");

  const long = await oidcRoundTrip({}, config(), "a-very-long-login-name-indeed");
  expect(long.json.data.username).toMatch(/^oidc_\d+$/);
  const unverified = await oidcRoundTrip({}, config(), "unverified");
  expect(unverified.json.data.username).toBe("unverified");
  expect((await db().user.findUniqueOrThrow({ where: { username: "unverified" } })).email).toBe("");
});

test("with registration closed a new account is refused, a bound one still signs in", async () => {
  await setOptions({ RegisterEnabled: "false" });
  const refused = await oidcRoundTrip({}, config(), "erin");
  expect(refused.status).toBe(403);
  expect(refused.json).toEqual({ success: false, message: "管理员关闭了新用户注册" });
  expect(await db().user.count({ where: { oidcId: "erin" } })).toBe(0);
  expect((await oidcRoundTrip({}, config(), "carol")).json.success).toBe(true);
  await setOptions({ RegisterEnabled: "true" });
});

test("a banned or deleted bound user cannot sign in", async () => {
  const banned = await oidcRoundTrip({}, config(), "frank");
  await db().user.update({ where: { id: banned.json.data.id }, data: { status: 2 } });
  const res = await oidcRoundTrip({}, config(), "frank");
  expect(res.json).toEqual({ success: false, message: "用户已被封禁" });
  expect(res.setCookie).toEqual([]);

  const gone = await oidcRoundTrip({}, config(), "gina");
  await db().user.update({ where: { id: gone.json.data.id }, data: { deletedAt: new Date() } });
  const again = await oidcRoundTrip({}, config(), "gina");
  expect(again.json).toEqual({ success: false, message: "用户已注销" });
  expect(await db().user.count({ where: { oidcId: "gina" } })).toBe(1);
});

test("signed in, the round trip binds the provider account; one bound elsewhere is refused", async () => {
  const alice = await createUserAndLogin({ username: "alice_o" });
  const browser: Browser = { session: alice.cookie };
  const res = await oidcRoundTrip(browser, config(), "alice-at-idp");
  expect(res.json).toEqual({ success: true, message: "bind", data: null });
  expect((await db().user.findUniqueOrThrow({ where: { id: alice.id } })).oidcId).toBe("alice-at-idp");
  expect(await db().user.count({ where: { oidcId: "alice-at-idp" } })).toBe(1);

  // No account takeover: bob cannot bind carol's provider account.
  const bob = await createUserAndLogin({ username: "bob_o" });
  const taken = await oidcRoundTrip({ session: bob.cookie }, config(), "carol");
  expect(taken.status).toBe(409);
  expect(taken.json).toEqual({ success: false, message: "该 OIDC 账户已被绑定" });
  expect((await db().user.findUniqueOrThrow({ where: { id: bob.id } })).oidcId).toBe("");
  expect(await db().user.count({ where: { oidcId: "carol" } })).toBe(1);
});

test("an OAuth-registered account sets its first password without an original one", async () => {
  const browser: Browser = {};
  await oidcRoundTrip(browser, config(), "hank");
  const res = await call(selfRoute, "PUT", "/api/user/self", {
    cookie: browser.session,
    body: { password: "hank-password-1" },
  });
  expect(res.json.success).toBe(true);
  expect((await db().user.findUniqueOrThrow({ where: { username: "hank" } })).password).toMatch(/^\$2/);
});

describe("provider configuration", () => {
  test("a disabled provider refuses the callback", async () => {
    const browser: Browser = {};
    const state = await getState(browser, "?provider=oidc");
    await setOptions({ "oidc.enabled": "false" });
    const res = await callback(browser, "oidc", "code", state.json.data);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, message: "管理员未开启通过 OIDC 登录以及注册" });
    await setOptions({ "oidc.enabled": "true" });
  });

  test("a client registered for client_secret_post works; saved endpoints are used, discovery still gives the keys", async () => {
    await setOptions({
      "oidc.client_id": "gateway-post",
      "oidc.client_secret": "post-secret",
      "oidc.well_known": "",
      "oidc.token_endpoint": `${idp().issuer}/token`,
      "oidc.user_info_endpoint": `${idp().issuer}/me`,
    });
    // Without the discovery document there is no issuer and no key set to verify the id_token with.
    const noKeys = await oidcRoundTrip({}, { ...config(), oidc_client_id: "gateway-post" }, "kate");
    expect(noKeys.json).toEqual({
      success: false,
      message: "OIDC 需要填写 Well-Known URL，以获取签发者和用于验证 id_token 的公钥",
    });
    await setOptions({ "oidc.well_known": idp().wellKnown });
    const res = await oidcRoundTrip({}, { ...config(), oidc_client_id: "gateway-post" }, "kate");
    expect(res.json).toMatchObject({ success: true, data: { username: "kate" } });
    await setOptions({
      "oidc.client_id": "gateway",
      "oidc.client_secret": "gateway-secret",
      "oidc.well_known": idp().wellKnown,
      "oidc.token_endpoint": "",
      "oidc.user_info_endpoint": "",
    });
  });

  test("a wrong secret, a bad well-known URL or an unreachable one: each refused with its message", async () => {
    await setOptions({ "oidc.client_secret": "wrong" });
    expect((await oidcRoundTrip({}, config(), "carol")).json).toEqual({
      success: false,
      message: "OIDC 获取 Token 失败，请检查设置",
    });
    await setOptions({ "oidc.client_secret": "gateway-secret", "oidc.well_known": "ftp://idp.example/" });
    expect((await oidcRoundTrip({}, config(), "carol")).json.message).toBe(
      "OIDC 配置不完整：Well-Known URL 与各端点必须以 http:// 或 https:// 开头",
    );
    forgetOidcDiscovery();
    await setOptions({ "oidc.well_known": `${idp().issuer}/no-such-document` });
    expect((await oidcRoundTrip({}, config(), "carol")).json.message).toBe(
      "获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确",
    );
    await setOptions({ "oidc.well_known": "http://127.0.0.1:9/.well-known/openid-configuration" });
    expect((await oidcRoundTrip({}, config(), "carol")).json.message).toBe("无法连接至 OIDC 服务器，请稍后重试");
    await setOptions({ "oidc.well_known": idp().wellKnown });
  });

  test("an unknown provider is 404", async () => {
    const res = await callback({}, "discord", "c", "s");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ success: false, message: "未知的 OAuth 提供商" });
  });
});
