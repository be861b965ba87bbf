// OIDC sign-in against a real OpenID Connect provider (oidc-provider on loopback): register with an
// invite code, sign in again, bind while signed in, refuse a provider account bound elsewhere, and
// every way a state can be wrong. The state → login page → callback round trip is the console's.
import * as selfRoute from "@/app/api/user/self/route";
import * as statusRoute from "@/app/api/status/route";
import { db } from "@/lib/server/db";
import { forgetOidcDiscovery } from "@/modules/accounts/server/oauth-providers/oidc-discovery";
import { authorizeUrl } from "@/modules/accounts/oauth-providers";
import { LOG_TYPE } from "@/modules/logs/server/usage/record-log";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { call, createUser, createUserAndLogin, setOptions, setupApiHarness, setupRoot } from "./harness";
import {
  callback,
  getState,
  loginAtIdp,
  oidcRoundTrip,
  ORIGIN,
  startIdpProcess,
  type Browser,
  type Idp,
} from "./oauth-support";

setupApiHarness();

let idp: Idp;
const REDIRECT = `${ORIGIN}/oauth/oidc`;
const config = () => ({
  github_client_id: "",
  linuxdo_client_id: "",
  oidc_client_id: "gateway",
  oidc_authorization_endpoint: `${idp.issuer}/auth`,
});

beforeAll(async () => {
  await setupRoot();
  idp = await startIdpProcess({
    clients: [
      { client_id: "gateway", client_secret: "gateway-secret", redirect_uris: [REDIRECT] },
      {
        client_id: "gateway-post",
        client_secret: "post-secret",
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    accounts: { "no-mail": { email: undefined, email_verified: undefined }, unverified: { email_verified: false } },
  });
  await setOptions({
    "oidc.enabled": "true",
    "oidc.client_id": "gateway",
    "oidc.client_secret": "gateway-secret",
    "oidc.well_known": idp.wellKnown,
    "oidc.authorization_endpoint": `${idp.issuer}/auth`,
  });
}, 60_000);

afterAll(async () => {
  await idp?.stop();
});

test("/api/status advertises OIDC (client id and authorization endpoint, never the secret)", async () => {
  const res = await call<Record<string, unknown>>(statusRoute, "GET", "/api/status");
  expect(res.json.data).toMatchObject({
    oidc_enabled: true,
    oidc_client_id: "gateway",
    oidc_authorization_endpoint: `${idp.issuer}/auth`,
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
  expect(credited).toMatchObject({ affCount: 1, affQuota: BigInt(30), affHistoryQuota: BigInt(30) });
  const logs = await db().log.findMany({ where: { type: LOG_TYPE.system, userId: { in: [user.id, inviter.id] } } });
  expect(logs.map((l) => l.content)).toHaveLength(3);
  expect(logs.map((l) => l.content)).toEqual(
    expect.arrayContaining([
      expect.stringContaining("新用户注册赠送"),
      expect.stringContaining("使用邀请码赠送"),
      expect.stringContaining("邀请用户赠送"),
    ]),
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

describe("the state", () => {
  async function codeFor(browser: Browser, login = "carol", query = "?provider=oidc") {
    const state = await getState(browser, query);
    const back = await loginAtIdp(authorizeUrl("oidc", config(), state.json.data, ORIGIN)!, login);
    return { state: back.searchParams.get("state")!, code: back.searchParams.get("code")! };
  }
  const refused = { success: false, message: "state 参数为空或不匹配，请重新发起登录" };

  test("is 16 URL-safe characters and sets an HttpOnly, SameSite=Lax browser cookie", async () => {
    const res = await getState({});
    expect(res.json.data).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const line = res.setCookie.find((c) => c.startsWith("oauth-browser="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\/api\/oauth/);
  });

  test("missing, unknown, reused, expired or for another provider: refused with its message", async () => {
    const browser: Browser = {};
    const good = await codeFor(browser);
    expect((await callback(browser, "oidc", good.code, "")).json).toEqual(refused);
    expect((await callback(browser, "oidc", good.code, "not-a-real-state")).json).toEqual(refused);
    expect((await callback(browser, "oidc", good.code, good.state)).json.success).toBe(true);
    const reused = await callback({ oauth: browser.oauth }, "oidc", good.code, good.state);
    expect(reused.status).toBe(403);
    expect(reused.json).toEqual(refused);

    const late = await codeFor(browser);
    await db().verificationCode.updateMany({ where: { purpose: "oauth_state", usedAt: 0 }, data: { expiresAt: 1 } });
    expect((await callback(browser, "oidc", late.code, late.state)).json).toEqual(refused);

    const github = await codeFor(browser, "carol", "?provider=github");
    expect((await callback(browser, "oidc", github.code, github.state)).json).toEqual(refused);
  });

  test("presented by another browser (or without the cookie) it is refused and stays usable", async () => {
    const mine: Browser = {};
    const { code, state } = await codeFor(mine);
    const attacker: Browser = {};
    await getState(attacker); // the attacker's own browser cookie
    expect((await callback(attacker, "oidc", code, state)).json).toEqual(refused);
    expect((await callback({}, "oidc", code, state)).json).toEqual(refused);
    const res = await callback(mine, "oidc", code, state);
    expect(res.json).toMatchObject({ success: true, data: { username: "carol" } });
  });

  test("a bind state only works for the user who asked for it, still signed in", async () => {
    const ivy = await createUserAndLogin({ username: "ivy_o" });
    const other = await createUserAndLogin({ username: "jack_o" });
    const browser: Browser = { session: ivy.cookie };
    const first = await codeFor(browser, "ivy-at-idp");
    const swapped = await callback({ ...browser, session: other.cookie }, "oidc", first.code, first.state);
    expect(swapped.json).toEqual(refused);
    const second = await codeFor(browser, "ivy-at-idp");
    expect((await callback({ oauth: browser.oauth }, "oidc", second.code, second.state)).json).toEqual(refused);
    expect(await db().user.count({ where: { oidcId: "ivy-at-idp" } })).toBe(0);
  });
});

describe("the id_token is what vouches for the account (issue 17)", () => {
  const invalid = {
    success: false,
    message: "OIDC 返回的 id_token 无效（签名、签发者、受众、有效期或 nonce 校验失败），请重新登录",
  };
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

  /**
   * Whoever answers at the token and userinfo endpoints (before issue 17 an admin could point them
   * anywhere): passes the code exchange through to the real provider, then claims to be `victim`
   * with an unsigned id_token (or none) and a matching userinfo answer.
   */
  async function startImpostor(victim: string, idToken: "forged" | "none") {
    const server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", async () => {
        res.setHeader("content-type", "application/json");
        if (req.url === "/me") return res.end(JSON.stringify({ sub: victim, preferred_username: victim }));
        const upstream = await fetch(`${idp.issuer}/token`, {
          method: "POST",
          body: raw,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
          },
        });
        const answer = (await upstream.json()) as Record<string, unknown>;
        const real = JSON.parse(Buffer.from(String(answer.id_token).split(".")[1]!, "base64url").toString());
        if (idToken === "none") delete answer.id_token;
        else answer.id_token = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...real, sub: victim })}.`;
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await setOptions({ "oidc.token_endpoint": `${base}/token`, "oidc.user_info_endpoint": `${base}/me` });
    return async () => {
      await setOptions({ "oidc.token_endpoint": "", "oidc.user_info_endpoint": "" });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
  }

  test("an unsigned id_token naming another account does not sign in as that account", async () => {
    const victim = await createUser({ username: "victim_o" });
    await db().user.update({ where: { id: victim.id }, data: { oidcId: "victim-sub" } });
    const stop = await startImpostor("victim-sub", "forged");
    try {
      const browser: Browser = {};
      const res = await oidcRoundTrip(browser, config(), "mallory");
      expect(res.json).toEqual(invalid);
      expect(browser.session).toBeUndefined();
    } finally {
      await stop();
    }
  });

  test("a token answer without an id_token is refused", async () => {
    const stop = await startImpostor("victim-sub", "none");
    try {
      const res = await oidcRoundTrip({}, config(), "mallory");
      expect(res.json).toEqual(invalid);
      expect(res.setCookie.filter((c) => !c.startsWith("oauth-browser="))).toEqual([]);
    } finally {
      await stop();
    }
  });

  test("an id_token without this sign-in's nonce is refused; with it the same login works", async () => {
    const browser: Browser = {};
    const state = await getState(browser, "?provider=oidc");
    const authorize = new URL(authorizeUrl("oidc", config(), state.json.data, ORIGIN)!);
    expect(authorize.searchParams.get("nonce")).toBe(state.json.data);
    authorize.searchParams.delete("nonce");
    const back = await loginAtIdp(authorize.href, "carol");
    const res = await callback(browser, "oidc", back.searchParams.get("code")!, back.searchParams.get("state")!);
    expect(res.json).toEqual(invalid);
    expect((await oidcRoundTrip({}, config(), "carol")).json.success).toBe(true);
  });
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
      "oidc.token_endpoint": `${idp.issuer}/token`,
      "oidc.user_info_endpoint": `${idp.issuer}/me`,
    });
    // Without the discovery document there is no issuer and no key set to verify the id_token with.
    const noKeys = await oidcRoundTrip({}, { ...config(), oidc_client_id: "gateway-post" }, "kate");
    expect(noKeys.json).toEqual({
      success: false,
      message: "OIDC 需要填写 Well-Known URL，以获取签发者和用于验证 id_token 的公钥",
    });
    await setOptions({ "oidc.well_known": idp.wellKnown });
    const res = await oidcRoundTrip({}, { ...config(), oidc_client_id: "gateway-post" }, "kate");
    expect(res.json).toMatchObject({ success: true, data: { username: "kate" } });
    await setOptions({
      "oidc.client_id": "gateway",
      "oidc.client_secret": "gateway-secret",
      "oidc.well_known": idp.wellKnown,
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
    await setOptions({ "oidc.well_known": `${idp.issuer}/no-such-document` });
    expect((await oidcRoundTrip({}, config(), "carol")).json.message).toBe(
      "获取 OIDC 配置失败，请检查网络状况和 Well-Known URL 是否正确",
    );
    await setOptions({ "oidc.well_known": "http://127.0.0.1:9/.well-known/openid-configuration" });
    expect((await oidcRoundTrip({}, config(), "carol")).json.message).toBe("无法连接至 OIDC 服务器，请稍后重试");
    await setOptions({ "oidc.well_known": idp.wellKnown });
  });

  test("an unknown provider is 404", async () => {
    const res = await callback({}, "discord", "c", "s");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ success: false, message: "未知的 OAuth 提供商" });
  });
});
