// /api/user/self (GET, PUT, DELETE) and /api/user/token: own account data, profile and password
// changes with session revocation, soft delete, access tokens, and the cross-site write guard; wrong
// current passwords limited like failed logins (LOGIN_RATE_LIMIT 5 here), logins served meanwhile.
import * as selfRoute from "@/app/api/user/self/route";
import * as tokenRoute from "@/app/api/user/token/route";
import { db } from "@/lib/server/db";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  sessionCookieFrom,
  setupRoot,
  setupApiHarness,
} from "@/test-support/api/harness";
import { createVerifiedUser } from "@/test-support/api/security-support";

const LIMIT = 5;
setupApiHarness({ env: { LOGIN_RATE_LIMIT: String(LIMIT), LOGIN_RATE_LIMIT_WINDOW: "600" } });

const AUTH_REQUIRED = "未登录或登录已过期，请重新登录";
type SelfData = Record<string, unknown> & { id: number; username: string; display_name: string };

const getSelf = (opts: Parameters<typeof call>[3] = {}) => call<SelfData>(selfRoute, "GET", "/api/user/self", opts);

beforeAll(async () => {
  await setupRoot();
});

test("anonymous GET is 401 with the envelope", async () => {
  const res = await getSelf();
  expect(res.status).toBe(401);
  expect(res.json).toEqual({ success: false, message: AUTH_REQUIRED });
});

test("a forged or foreign session cookie is 401", async () => {
  const res = await getSelf({ cookie: "next-auth.session-token=not-a-real-token" });
  expect(res.status).toBe(401);
});

test("with a session: own data, no secret fields", async () => {
  const me = await createUserAndLogin({ username: "selfie", email: "selfie@example.com", quota: 1234 });
  const res = await getSelf({ cookie: me.cookie });
  expect(res.status).toBe(200);
  expect(res.json.data).toMatchObject({
    id: me.id,
    username: "selfie",
    email: "selfie@example.com",
    quota: 1234,
    role: 1,
  });
  const keys = Object.keys(res.json.data).map((k) => k.toLowerCase());
  expect(keys).not.toContain("password");
  expect(keys.some((k) => k.includes("hash") || k.includes("access_token") || k.includes("accesstoken"))).toBe(false);
  expect(JSON.stringify(res.json)).not.toMatch(/\$2[aby]\$/);
});

test("PUT updates the display name", async () => {
  const me = await createUserAndLogin();
  const res = await call(selfRoute, "PUT", "/api/user/self", {
    cookie: me.cookie,
    body: { display_name: "Shown Name" },
  });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, message: "更新成功" });
  expect((await getSelf({ cookie: me.cookie })).json.data.display_name).toBe("Shown Name");
});

test("a password change needs the original password, revokes old sessions and issues a new one", async () => {
  const me = await createUserAndLogin({ password: "first-pass-1" });
  const otherSession = await login(me.username, "first-pass-1", "10.9.9.9");

  const missing = await call(selfRoute, "PUT", "/api/user/self", {
    cookie: me.cookie,
    body: { password: "second-pass-2" },
  });
  expect(missing.status).toBe(400);
  expect(missing.json.message).toBe("原密码错误");
  const wrong = await call(selfRoute, "PUT", "/api/user/self", {
    cookie: me.cookie,
    body: { password: "second-pass-2", original_password: "not-it-123" },
  });
  expect(wrong.status).toBe(400);
  expect(wrong.json.message).toBe("原密码错误");

  const ok = await call(selfRoute, "PUT", "/api/user/self", {
    cookie: me.cookie,
    body: { password: "second-pass-2", original_password: "first-pass-1" },
  });
  expect(ok.status).toBe(200);
  const fresh = sessionCookieFrom(ok.setCookie);
  expect(fresh).toBeDefined();
  expect(fresh).not.toBe(me.cookie);

  expect((await getSelf({ cookie: me.cookie })).status).toBe(401);
  expect((await getSelf({ cookie: otherSession })).status).toBe(401);
  expect((await getSelf({ cookie: fresh })).status).toBe(200);
  await expect(login(me.username, "first-pass-1", "10.9.9.10")).rejects.toThrow();
  await expect(login(me.username, "second-pass-2", "10.9.9.11")).resolves.toContain("=");
});

test("DELETE soft-deletes the account and the session stops working", async () => {
  const me = await createUserAndLogin();
  const res = await call(selfRoute, "DELETE", "/api/user/self", { cookie: me.cookie });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, message: "注销成功!" });
  expect(sessionCookieFrom(res.setCookie)).toBeUndefined();
  const row = await db().user.findUniqueOrThrow({ where: { id: me.id } });
  expect(row.deletedAt).toBeInstanceOf(Date);
  expect((await getSelf({ cookie: me.cookie })).status).toBe(401);
  await expect(login(me.username, me.password, "10.8.8.8")).rejects.toThrow();
});

test("root cannot delete itself", async () => {
  const cookie = await login(ROOT_USER.username, ROOT_USER.password);
  const res = await call(selfRoute, "DELETE", "/api/user/self", { cookie });
  expect(res.status).toBe(403);
  expect(res.json.success).toBe(false);
  expect((await getSelf({ cookie })).status).toBe(200);
});

test("access tokens authenticate with New-Api-User, and regeneration revokes the old one", async () => {
  const me = await createVerifiedUser();
  const first = await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie });
  expect(first.status).toBe(200);
  const token = first.json.data;
  expect(typeof token).toBe("string");
  expect(token.length).toBeGreaterThanOrEqual(32);

  const viaToken = await getSelf({ headers: { authorization: token, "new-api-user": String(me.id) } });
  expect(viaToken.status).toBe(200);
  expect(viaToken.json.data.id).toBe(me.id);
  const bearer = await getSelf({ headers: { authorization: `Bearer ${token}` } });
  expect(bearer.status).toBe(200);

  const mismatch = await getSelf({ headers: { authorization: token, "new-api-user": String(me.id + 1000) } });
  expect(mismatch.status).toBe(401);
  expect(mismatch.json).toEqual({ success: false, message: "New-Api-User 与登录用户不匹配" });
  const malformed = await getSelf({ headers: { authorization: token, "new-api-user": "abc" } });
  expect(malformed.status).toBe(401);

  const second = await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie });
  expect(second.json.data).not.toBe(token);
  const old = await getSelf({ headers: { authorization: token, "new-api-user": String(me.id) } });
  expect(old.status).toBe(401);
  expect(old.json.success).toBe(false);
  expect((await getSelf({ headers: { authorization: second.json.data } })).status).toBe(200);
});

test("the session cookie with a wrong New-Api-User is 401", async () => {
  const me = await createUserAndLogin();
  const res = await getSelf({ cookie: me.cookie, headers: { "new-api-user": String(me.id + 1) } });
  expect(res.status).toBe(401);
});

test("cross-site cookie writes are refused; same-site and Origin-less writes work", async () => {
  const me = await createUserAndLogin();
  const put = (headers: Record<string, string>, name: string) =>
    call(selfRoute, "PUT", "/api/user/self", { cookie: me.cookie, headers, body: { display_name: name } });

  const evil = await put({ origin: "https://evil.example" }, "evil");
  expect(evil.status).toBe(403);
  expect(evil.json).toEqual({ success: false, message: "跨站请求已被拒绝" });
  const evilReferer = await put({ referer: "https://evil.example/page" }, "evil2");
  expect(evilReferer.status).toBe(403);
  const evilDelete = await call(selfRoute, "DELETE", "/api/user/self", {
    cookie: me.cookie,
    headers: { origin: "https://evil.example" },
  });
  expect(evilDelete.status).toBe(403);

  expect((await put({}, "plain")).status).toBe(200);
  expect((await put({ origin: "http://localhost" }, "same-site")).status).toBe(200);
  const row = await db().user.findUniqueOrThrow({ where: { id: me.id } });
  expect(row.displayName).toBe("same-site");
  expect(row.deletedAt).toBeNull();
});

test("a flood of wrong current passwords: 429 past the limit, per account and per address; root logs in meanwhile", async () => {
  const me = await createUserAndLogin({ password: "right-pass-1" });
  const other = await createUserAndLogin({ password: "other-pass-1" });
  const put = (who: { cookie: string }, original: string, ip: string) =>
    call(selfRoute, "PUT", "/api/user/self", {
      cookie: who.cookie,
      ip,
      headers: { "accept-language": "en" },
      body: { password: "new-pass-123", original_password: original },
    });
  const flood = Array.from({ length: 80 }, () => put(me, "wrong-guess", "10.77.0.1"));
  // review 3, N7: the flood filled the password thread and logins got 429 or waited seconds
  await expect(login(ROOT_USER.username, ROOT_USER.password, "10.77.0.2")).resolves.toContain("=");
  const answers = await Promise.all(flood);
  expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
  expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);

  // at most LIMIT wrong guesses of this account were checked in all: the next ones are refused
  let blocked = await put(me, "wrong-guess", "10.77.0.1");
  for (let i = 0; i < LIMIT && blocked.status === 400; i++) blocked = await put(me, "wrong-guess", "10.77.0.1");
  expect(blocked.status).toBe(429);
  expect(blocked.json).toMatchObject({ success: false });
  expect(blocked.json.message).toMatch(/^Too many wrong current passwords, try again in \d+ seconds$/);
  // the account is blocked from any address, even with the right password (as a login is)
  expect((await put(me, "right-pass-1", "10.77.0.4")).status).toBe(429);
  // the address is blocked for another account too; that account elsewhere is not
  expect((await put(other, "other-pass-1", "10.77.0.1")).status).toBe(429);
  const elsewhere = await put(other, "other-pass-1", "10.77.0.5");
  expect(elsewhere.status).toBe(200);
});
