// Issue 17 item 9 through the console API: an admin cannot give one user another user's e-mail
// address (login by e-mail and password reset pick one account per address), only root is told that
// another user holds it (review 3 L9), addresses set by admins are stored normalised, and no username can contain "@" (a name that looks like someone's
// address would compete with that account at login).
import * as userRoute from "@/app/api/user/route";
import * as registerRoute from "@/app/api/user/register/route";
import * as loginRoute from "@/app/api/user/login/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import {
  call,
  createUser,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

let admin: string;
let rootCookie: string;

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  admin = (await createUserAndLogin({ role: ROLE.admin })).cookie;
  await setOptions({ RegisterEnabled: "true", PasswordRegisterEnabled: "true", EmailVerificationEnabled: "false" });
});

const emailOf = async (id: number) => (await db().user.findUniqueOrThrow({ where: { id } })).email;

describe("e-mail addresses set by admins", () => {
  test("another user's address, in any case or spacing, is refused (zh and en) and nothing changes", async () => {
    await createUser({ email: "victim@example.com" });
    const other = await createUser({ email: "" });
    const zh = await call(userRoute, "PUT", "/api/user/", {
      cookie: rootCookie,
      body: { id: other.id, email: "  Victim@Example.COM " },
      headers: { "accept-language": "zh-CN" },
    });
    expect(zh.status).toBe(409);
    expect(zh.json.message).toBe("该邮箱地址已被其他用户使用");
    const en = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin,
      body: { id: other.id, email: "VICTIM@example.com" },
      headers: { "accept-language": "en" },
    });
    expect(en.status).toBe(409);
    expect(en.json.message).toBe("This email address is already in use");
    expect(await emailOf(other.id)).toBe("");
  });

  // Review 3 L9: the list hides root's address from admins; the refusal must not name a holder, and
  // an admin cannot test guesses of it without bound.
  test("an admin guessing root's address gets the generic answer, and 429 after 20 conflicts", async () => {
    const guesser = await createUserAndLogin({ role: ROLE.admin });
    await db().user.update({ where: { username: ROOT_USER.username }, data: { email: "owner@corp.example" } });
    const target = await createUser({ email: "" });
    const guess = (email: string) =>
      call(userRoute, "PUT", "/api/user/", { cookie: guesser.cookie, body: { id: target.id, email } });
    const first = await guess("owner@corp.example");
    expect(first.status).toBe(409);
    expect(first.json).toEqual({ success: false, message: "邮箱地址已被占用" });
    for (let i = 1; i < 20; i++) expect((await guess("owner@corp.example")).status).toBe(409);
    expect((await guess("owner@corp.example")).status).toBe(429);
    expect(await emailOf(target.id)).toBe("");
  });

  test("a free address is stored trimmed and lower-cased, and signs in by e-mail in any case", async () => {
    const u = await createUser({ email: "" });
    const res = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin,
      body: { id: u.id, email: " Fresh.Person@Example.COM " },
    });
    expect(res.json.success).toBe(true);
    expect(await emailOf(u.id)).toBe("fresh.person@example.com");
    // Saving the user's own address again is no conflict; a malformed one is refused.
    const again = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin,
      body: { id: u.id, email: "fresh.person@example.com" },
    });
    expect(again.json.success).toBe(true);
    const bad = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin,
      body: { id: u.id, email: "not-an-address" },
    });
    expect(bad.status).toBe(400);
    const signIn = await call(loginRoute, "POST", "/api/user/login", {
      body: { username: "FRESH.PERSON@example.com", password: u.password },
    });
    expect(signIn.json.success).toBe(true);
    // Clearing stays possible.
    const cleared = await call(userRoute, "PUT", "/api/user/", { cookie: admin, body: { id: u.id, email: "" } });
    expect(cleared.json.success).toBe(true);
    expect(await emailOf(u.id)).toBe("");
  });

  test("POST /api/user/ takes no address (an extra field is ignored)", async () => {
    await createUser({ email: "taken@example.com" });
    const res = await call<{ id: number }>(userRoute, "POST", "/api/user/", {
      cookie: admin,
      body: { username: "made_by_admin", password: "password-123", email: "taken@example.com" },
    });
    expect(res.json.success).toBe(true);
    expect(await emailOf(res.json.data.id)).toBe("");
  });
});

describe("usernames cannot contain @", () => {
  test("registration is refused (zh and en) and no account is made", async () => {
    await createUser({ username: "rootish", email: "boss@example.com" });
    const body = { username: "boss@example.com", password: "password-123", password2: "password-123" };
    const zh = await call(registerRoute, "POST", "/api/user/register", {
      body,
      headers: { "accept-language": "zh-CN" },
    });
    expect(zh.status).toBe(400);
    expect(zh.json.message).toBe("用户名不能包含“@”");
    const en = await call(registerRoute, "POST", "/api/user/register", { body, headers: { "accept-language": "en" } });
    expect(en.json.message).toBe('The username cannot contain "@"');
    expect(await db().user.count({ where: { username: "boss@example.com" } })).toBe(0);
  });

  test("an admin can neither create nor rename a user to a name with @", async () => {
    const created = await call(userRoute, "POST", "/api/user/", {
      cookie: admin,
      body: { username: "a@b.example", password: "password-123" },
    });
    expect(created.status).toBe(400);
    expect(created.json.message).toBe("用户名不能包含“@”");
    const u = await createUser();
    const renamed = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin,
      body: { id: u.id, username: "boss@example.com" },
    });
    expect(renamed.status).toBe(400);
    expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).username).toBe(u.username);
  });
});
