// GitHub and LinuxDO sign-in against fake providers (their base URLs come from the test-only
// OAUTH_TEST_*_BASE_URL settings): register, sign in, bind, LinuxDO's minimum trust level, provider
// failures, and races for one provider account (two binds, two registrations).
import { resetEnvForTests } from "@/lib/env";
import { db } from "@/lib/server/db";
import { createUser, createUserAndLogin, setOptions, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import {
  callback,
  fakeRoundTrip,
  getState,
  startFakeProvider,
  type Browser,
  type FakeProvider,
} from "@/test-support/api/oauth-support";

setupApiHarness();

let gh: FakeProvider;
let ldo: FakeProvider;

beforeAll(async () => {
  await setupRoot();
  gh = await startFakeProvider("github", { id: "gh-client", secret: "gh-secret" });
  ldo = await startFakeProvider("linuxdo", { id: "ldo-client", secret: "ldo-secret" });
  process.env.OAUTH_TEST_GITHUB_BASE_URL = gh.baseUrl;
  process.env.OAUTH_TEST_LINUXDO_BASE_URL = ldo.baseUrl;
  resetEnvForTests();
  await setOptions({
    GitHubOAuthEnabled: "true",
    GitHubClientId: "gh-client",
    GitHubClientSecret: "gh-secret",
    LinuxDOOAuthEnabled: "true",
    LinuxDOClientId: "ldo-client",
    LinuxDOClientSecret: "ldo-secret",
    LinuxDOMinimumTrustLevel: "2",
  });
});

afterAll(async () => {
  await gh?.stop();
  await ldo?.stop();
});

const octo = { id: 583231, login: "octocat", name: "The Octocat", email: "octocat@github.example" };

describe("GitHub", () => {
  test("registers with the login, name and e-mail; the numeric id is the binding; signs in again", async () => {
    const browser: Browser = {};
    const res = await fakeRoundTrip(browser, "github", gh, octo);
    expect(res.json).toMatchObject({ success: true, message: "登录成功！", data: { username: "octocat" } });
    expect(browser.session).toBeDefined();
    const user = await db().user.findUniqueOrThrow({ where: { username: "octocat" } });
    expect(user).toMatchObject({ githubId: "583231", displayName: "The Octocat", email: "octocat@github.example" });
    // The token request carried the client credentials and the redirect URI of the callback page.
    expect(gh.tokenRequests.at(-1)!.fields).toMatchObject({
      client_id: "gh-client",
      client_secret: "gh-secret",
      redirect_uri: "http://localhost/oauth/github",
    });

    // A renamed GitHub login still signs in to the same user.
    const again = await fakeRoundTrip({}, "github", gh, { ...octo, login: "octo-renamed" });
    expect(again.json.data).toMatchObject({ id: user.id, username: "octocat" });
  });

  test("a code the provider refuses, or an unreachable provider: refused with its message", async () => {
    const browser: Browser = {};
    const state = await getState(browser, "?provider=github");
    const bad = await callback(browser, "github", "never-issued", state.json.data);
    expect(bad.json).toEqual({ success: false, message: "GitHub 获取 Token 失败，请检查设置" });

    process.env.OAUTH_TEST_GITHUB_BASE_URL = "http://127.0.0.1:9";
    resetEnvForTests();
    const down = await fakeRoundTrip({}, "github", gh, octo);
    expect(down.json).toEqual({ success: false, message: "无法连接至 GitHub 服务器，请稍后重试" });
    process.env.OAUTH_TEST_GITHUB_BASE_URL = gh.baseUrl;
    resetEnvForTests();
  });

  test("a missing code is refused after the state check", async () => {
    const browser: Browser = {};
    const state = await getState(browser, "?provider=github");
    expect((await callback(browser, "github", "", state.json.data)).json).toEqual({
      success: false,
      message: "无效的授权码",
    });
  });

  test("disabled: the callback is refused", async () => {
    await setOptions({ GitHubOAuthEnabled: "false" });
    const res = await fakeRoundTrip({}, "github", gh, octo);
    expect(res.json).toEqual({ success: false, message: "管理员未开启通过 GitHub 登录以及注册" });
    await setOptions({ GitHubOAuthEnabled: "true" });
  });

  test("two users racing to bind one GitHub account: exactly one wins", async () => {
    const a = await createUserAndLogin({ username: "race_a" });
    const b = await createUserAndLogin({ username: "race_b" });
    const account = { id: 777, login: "contested", name: "C", email: null };
    const results = await Promise.all([
      fakeRoundTrip({ session: a.cookie }, "github", gh, account),
      fakeRoundTrip({ session: b.cookie }, "github", gh, account),
    ]);
    expect(results.map((r) => r.json.message).sort()).toEqual(["bind", "该 GitHub 账户已被绑定"].sort());
    expect(await db().user.count({ where: { githubId: "777" } })).toBe(1);
  });

  test("two callbacks registering one new GitHub account: one user, both signed in to it", async () => {
    const account = { id: 888, login: "twice", name: "Twice", email: null };
    const results = await Promise.all([
      fakeRoundTrip({}, "github", gh, account),
      fakeRoundTrip({}, "github", gh, account),
    ]);
    expect(results.map((r) => r.json.success)).toEqual([true, true]);
    const users = await db().user.findMany({ where: { githubId: "888" } });
    expect(users).toHaveLength(1);
    expect(results.map((r) => r.json.data.id)).toEqual([users[0]!.id, users[0]!.id]);
  });

  test("two new GitHub accounts with the same login at once: both register, one under github_{n}", async () => {
    const results = await Promise.all([
      fakeRoundTrip({}, "github", gh, { id: 901, login: "samename", name: "A", email: null }),
      fakeRoundTrip({}, "github", gh, { id: 902, login: "samename", name: "B", email: null }),
    ]);
    expect(results.map((r) => r.json.success)).toEqual([true, true]);
    const names = results.map((r) => r.json.data.username).sort();
    expect(names[0]).toMatch(/^github_\d+$/);
    expect(names[1]).toBe("samename");
  });
});

describe("LinuxDO", () => {
  const member = (id: number, trust: number) => ({ id, username: `ldo${id}`, name: `L ${id}`, trust_level: trust });

  test("the client authenticates with Basic auth; a trusted member registers", async () => {
    const res = await fakeRoundTrip({}, "linuxdo", ldo, member(1001, 2));
    expect(res.json).toMatchObject({ success: true, data: { username: "ldo1001" } });
    expect(await db().user.findFirstOrThrow({ where: { linuxDoId: "1001" } })).toMatchObject({ displayName: "L 1001" });
    expect(ldo.tokenRequests.at(-1)).toMatchObject({
      authorization: `Basic ${Buffer.from("ldo-client:ldo-secret").toString("base64")}`,
      fields: { grant_type: "authorization_code", redirect_uri: "http://localhost/oauth/linuxdo" },
    });
  });

  test("below the minimum trust level: registration and binding are refused", async () => {
    const before = await db().user.count();
    const res = await fakeRoundTrip({}, "linuxdo", ldo, member(1002, 1));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, message: "LinuxDO 信任等级未达到管理员设置的最低信任等级" });
    expect(await db().user.count()).toBe(before);

    const u = await createUserAndLogin({ username: "ldo_binder" });
    const bind = await fakeRoundTrip({ session: u.cookie }, "linuxdo", ldo, member(1003, 0));
    expect(bind.json.message).toBe("LinuxDO 信任等级未达到管理员设置的最低信任等级");
    expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).linuxDoId).toBe("");
  });

  test("bind, then the LinuxDO account signs in to the binder; a username collision gets linuxdo_{n}", async () => {
    const u = await createUserAndLogin({ username: "ldo_owner" });
    const bind = await fakeRoundTrip({ session: u.cookie }, "linuxdo", ldo, member(1004, 3));
    expect(bind.json).toEqual({ success: true, message: "bind", data: null });
    const signIn = await fakeRoundTrip({}, "linuxdo", ldo, member(1004, 3));
    expect(signIn.json.data).toMatchObject({ id: u.id, username: "ldo_owner" });

    await createUser({ username: "ldo1005" });
    const max = (await db().user.aggregate({ _max: { id: true } }))._max.id!;
    const clash = await fakeRoundTrip({}, "linuxdo", ldo, member(1005, 4));
    expect(clash.json.data.username).toBe(`linuxdo_${max + 1}`);
  });

  test("the provider's answer without an id is refused", async () => {
    const res = await fakeRoundTrip({}, "linuxdo", ldo, { id: 0, username: "nobody", trust_level: 4 });
    expect(res.json).toEqual({ success: false, message: "LinuxDO 获取用户信息为空，请检查设置" });
  });
});
