// OIDC sign-in, what keeps it safe: the state (one use, one browser, one provider, one signed-in
// user) and the id_token that vouches for the account (signature, issuer, audience, nonce).
import { db } from "@/lib/server/db";
import { authorizeUrl } from "@/modules/auth/oauth-providers";
import { createUser, createUserAndLogin, setupApiHarness } from "@/test-support/api/harness";
import {
  callback,
  getState,
  loginAtIdp,
  oidcRoundTrip,
  ORIGIN,
  setupOidcIdp,
  startImpostor,
  type Browser,
} from "@/test-support/api/oauth-support";

setupApiHarness();
const { idp, config } = setupOidcIdp();

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
  test("an unsigned id_token naming another account does not sign in as that account", async () => {
    const victim = await createUser({ username: "victim_o" });
    await db().user.update({ where: { id: victim.id }, data: { oidcId: "victim-sub" } });
    const stop = await startImpostor(idp().issuer, "victim-sub", "forged");
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
    const stop = await startImpostor(idp().issuer, "victim-sub", "none");
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
