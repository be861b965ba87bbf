// POST /api/user/login and GET /api/user/logout: credentials, bans, the password-login switch, the
// per-address and per-account failure limits (a success resets neither the address nor another
// account's counter), the dummy-hash comparison for unknown names, and the session cookie's
// attributes (issue 17 item 7).
import * as loginRoute from "@/app/api/user/login/route";
import * as logoutRoute from "@/app/api/user/logout/route";
import * as selfRoute from "@/app/api/user/self/route";
import { USER_STATUS } from "@/lib/constants";
import { resetEnvForTests } from "@/lib/env";
import { sessionCookieName } from "@/lib/server/auth/session";
import {
  call,
  createUser,
  sessionCookieFrom,
  setOptions,
  setupRoot,
  setupApiHarness,
} from "@/test-support/api/harness";

// Every bcrypt comparison the server makes (hash argument), to see that unknown names are compared too.
const mockCompares: string[] = [];
jest.mock("@/lib/server/auth/bcrypt-thread", () => {
  const actual = jest.requireActual("@/lib/server/auth/bcrypt-thread");
  return {
    ...actual,
    bcryptCompare: (plain: string, hash: string) => {
      mockCompares.push(hash);
      return actual.bcryptCompare(plain, hash);
    },
  };
});

const LIMIT = 3;
setupApiHarness({ env: { LOGIN_RATE_LIMIT: String(LIMIT), LOGIN_RATE_LIMIT_WINDOW: "600" } });

const GENERIC_FAILURE = "用户名或密码错误，或用户已被封禁";
let ipCounter = 0;
/** A fresh client address per test, so failures in one test do not count against another. */
const freshIp = () => `10.0.0.${++ipCounter}`;

function postLogin(username: string, password: string, ip: string) {
  return call(loginRoute, "POST", "/api/user/login", { body: { username, password }, ip });
}

beforeAll(async () => {
  await setupRoot();
});

test("logs in by username and returns the session user without secrets", async () => {
  const user = await createUser({ username: "alice", password: "alice-pass-1" });
  const res = await postLogin("alice", "alice-pass-1", freshIp());
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, message: "登录成功！" });
  expect(res.json.data).toEqual({
    id: user.id,
    username: "alice",
    display_name: "alice",
    role: 1,
    status: 1,
    group: "default",
  });
  expect(JSON.stringify(res.json)).not.toMatch(/password|\$2[aby]\$/i);
});

test("logs in by email", async () => {
  await createUser({ username: "bob", password: "bob-pass-12", email: "bob@example.com" });
  const res = await postLogin("bob@example.com", "bob-pass-12", freshIp());
  expect(res.status).toBe(200);
  expect((res.json.data as { username: string }).username).toBe("bob");
});

test("a wrong password and an unknown user get the same generic message", async () => {
  await createUser({ username: "carol", password: "carol-pass-1" });
  const wrong = await postLogin("carol", "not-her-password", freshIp());
  const unknown = await postLogin("nobody-here", "whatever-123", freshIp());
  expect(wrong.status).toBe(400);
  expect(wrong.json).toEqual({ success: false, message: GENERIC_FAILURE });
  expect(unknown.json).toEqual(wrong.json);
  expect(sessionCookieFrom(wrong.setCookie)).toBeUndefined();
});

test("empty fields are refused with the required-fields message", async () => {
  const res = await postLogin("", "", freshIp());
  expect(res.status).toBe(400);
  expect(res.json.message).toBe("请输入用户名和密码！");
});

test("a banned user cannot log in", async () => {
  await createUser({ username: "dave", password: "dave-pass-12", status: USER_STATUS.disabled });
  const res = await postLogin("dave", "dave-pass-12", freshIp());
  expect(res.status).toBe(400);
  expect(res.json).toEqual({ success: false, message: GENERIC_FAILURE });
});

test("password login can be switched off", async () => {
  await createUser({ username: "erin", password: "erin-pass-12" });
  await setOptions({ PasswordLoginEnabled: "false" });
  const res = await postLogin("erin", "erin-pass-12", freshIp());
  expect(res.status).toBe(403);
  expect(res.json).toEqual({ success: false, message: "管理员关闭了密码登录" });
  await setOptions({ PasswordLoginEnabled: "true" });
  expect((await postLogin("erin", "erin-pass-12", freshIp())).status).toBe(200);
});

test(`after ${LIMIT} failures from one address the next attempt gets 429, other addresses are unaffected`, async () => {
  await createUser({ username: "frank", password: "frank-pass-1" });
  const ip = freshIp();
  for (let i = 0; i < LIMIT; i++) {
    expect((await postLogin("frank", "wrong-password", ip)).status).toBe(400);
  }
  const blocked = await postLogin("frank", "frank-pass-1", ip);
  expect(blocked.status).toBe(429);
  expect(blocked.json.success).toBe(false);
  expect(blocked.json.message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
  expect(sessionCookieFrom(blocked.setCookie)).toBeUndefined();
  expect((await postLogin("frank", "frank-pass-1", freshIp())).status).toBe(200);
});

test("a success resets neither the address counter nor another account's counter", async () => {
  await createUser({ username: "grace", password: "grace-pass-1" });
  await createUser({ username: "mallory", password: "mallory-pass-1" });
  const ip = freshIp();
  // The attacker guesses at grace, and signs in to their own account in between to reset the count.
  for (let i = 0; i < LIMIT - 1; i++) expect((await postLogin("grace", "guess-" + i, ip)).status).toBe(400);
  expect((await postLogin("mallory", "mallory-pass-1", ip)).status).toBe(200);
  expect((await postLogin("grace", "guess-last", ip)).status).toBe(400);
  const blocked = await postLogin("grace", "guess-more", ip);
  expect(blocked.status).toBe(429);
  // The address is blocked for every account now, including the attacker's own.
  expect((await postLogin("mallory", "mallory-pass-1", ip)).status).toBe(429);
});

test("failures are counted per account too: guesses from many addresses are stopped", async () => {
  await createUser({ username: "ivan", password: "ivan-pass-12" });
  // Twice the per-address limit, each guess from a new address.
  for (let i = 0; i < LIMIT * 2; i++) expect((await postLogin("ivan", "guess-" + i, freshIp())).status).toBe(400);
  const blocked = await postLogin("ivan", "ivan-pass-12", freshIp());
  expect(blocked.status).toBe(429);
  expect(blocked.json.message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
  // Another account from the same fresh address is not affected.
  await createUser({ username: "judy", password: "judy-pass-12" });
  expect((await postLogin("judy", "judy-pass-12", freshIp())).status).toBe(200);
});

test("an unknown name is compared against a bcrypt hash of the real cost, like a wrong password", async () => {
  await createUser({ username: "kim", password: "kim-pass-123" });
  mockCompares.length = 0;
  expect((await postLogin("kim", "wrong-password", freshIp())).status).toBe(400);
  expect((await postLogin("no-such-user-at-all", "wrong-password", freshIp())).status).toBe(400);
  expect(mockCompares).toHaveLength(2);
  const cost = (hash: string) => /^\$2[aby]\$(\d\d)\$/.exec(hash)?.[1];
  expect(cost(mockCompares[1]!)).toBeDefined();
  expect(cost(mockCompares[1]!)).toBe(cost(mockCompares[0]!));
});

// Review 3 L9: a __Secure- cookie can be set for the whole site by any sibling subdomain (Domain=…),
// which fixes a victim's session to the attacker's account; a __Host- cookie cannot (no Domain, Path=/).
test("with secure cookies the session cookie is __Host- (Secure, Path=/, no Domain); a tossed __Secure- one is ignored", async () => {
  const before = process.env.SESSION_COOKIE_SECURE;
  process.env.SESSION_COOKIE_SECURE = "true";
  resetEnvForTests();
  try {
    expect(sessionCookieName()).toBe("__Host-next-auth.session-token");
    await createUser({ username: "hostie", password: "hostie-pass-1" });
    const res = await postLogin("hostie", "hostie-pass-1", freshIp());
    const line = res.setCookie.find((c) => c.startsWith("__Host-next-auth.session-token="));
    expect(line).toBeDefined();
    const attrs = line!.split(";").map((a) => a.trim().toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(["secure", "path=/", "httponly"]));
    expect(attrs.some((a) => a.startsWith("domain="))).toBe(false);
    const token = line!.split(";")[0]!.split("=").slice(1).join("=");
    const self = await call(selfRoute, "GET", "/api/user/self", { cookie: `__Host-next-auth.session-token=${token}` });
    expect(self.status).toBe(200);
    // The same valid token under the old name, as a sibling subdomain could set it, signs nobody in.
    const tossed = await call(selfRoute, "GET", "/api/user/self", {
      cookie: `__Secure-next-auth.session-token=${token}`,
    });
    expect(tossed.status).toBe(401);
  } finally {
    if (before === undefined) delete process.env.SESSION_COOKIE_SECURE;
    else process.env.SESSION_COOKIE_SECURE = before;
    resetEnvForTests();
  }
});

test("the session cookie is HttpOnly, SameSite=Lax, Path=/ and works; logout clears it", async () => {
  await createUser({ username: "heidi", password: "heidi-pass-1" });
  const res = await postLogin("heidi", "heidi-pass-1", freshIp());
  const line = res.setCookie.find((c) => c.startsWith(`${sessionCookieName()}=`));
  expect(line).toBeDefined();
  const attrs = line!.split(";").map((a) => a.trim().toLowerCase());
  expect(attrs).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
  expect(attrs.some((a) => /^max-age=\d+$/.test(a) && Number(a.slice(8)) > 0)).toBe(true);

  const cookie = sessionCookieFrom(res.setCookie)!;
  const self = await call(selfRoute, "GET", "/api/user/self", { cookie });
  expect(self.status).toBe(200);
  expect((self.json.data as { username: string }).username).toBe("heidi");

  const out = await call(logoutRoute, "GET", "/api/user/logout", { cookie });
  expect(out.status).toBe(200);
  expect(out.json).toMatchObject({ success: true });
  const cleared = out.setCookie.find((c) => c.startsWith(`${sessionCookieName()}=`));
  expect(cleared).toBeDefined();
  expect(sessionCookieFrom(out.setCookie)).toBeUndefined(); // empty value
  expect(cleared!.toLowerCase()).toContain("max-age=0");
  expect(cleared!.toLowerCase()).toContain("path=/");
});
