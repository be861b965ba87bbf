// Users admin: POST /api/user/, GET /api/user/{id},
// PUT /api/user/. Validation messages, the role rules (an admin manages only lower roles), session
// revocation, a type-3 log for every admin quota change, and every admin route refused to
// anonymous and ordinary users. POST /api/user/manage is in users-manage.engine.test.ts.
import * as userRoute from "@/app/api/user/route";
import * as userIdRoute from "@/app/api/user/[id]/route";
import * as manageRoute from "@/app/api/user/manage/route";
import * as selfRoute from "@/app/api/user/self/route";
import { db } from "@/lib/server/db";
import { ROLE } from "@/lib/constants";
import { call, createUser, createUserAndLogin, login } from "@/test-support/api/harness";
import { manageLogs, setupUsersAdmin, userRow } from "@/test-support/api/users-admin-support";

const who = setupUsersAdmin();

describe("POST /api/user/ (add user)", () => {
  test.each([
    [{ username: "", password: "password-1" }, "用户名和密码不能为空！"],
    [{ username: "   ", password: "password-1" }, "用户名和密码不能为空！"],
    [{ username: "someone", password: "" }, "用户名和密码不能为空！"],
    [{ username: "someone" }, "用户名和密码不能为空！"],
    [{ password: "password-1" }, "用户名和密码不能为空！"],
    [{ username: "someone", password: "short" }, "密码长度至少为8个字符"],
    [{ username: "someone", password: "x".repeat(21) }, "密码长度不能超过20个字符"],
    [{ username: "u".repeat(21), password: "password-1" }, "用户名长度不能超过20个字符"],
    [{ username: "some one", password: "password-1" }, "用户名不能包含空白字符"],
    [{ username: "someone", password: "password-1", display_name: "d".repeat(21) }, "显示名称长度不能超过20个字符"],
  ])("%j is refused with %s", async (body, message) => {
    const before = await db().user.count();
    const res = await call(userRoute, "POST", "/api/user/", { cookie: who.rootCookie, body });
    expect(res.status).toBe(400);
    // new-api's message is the first issue; every issue is listed beside it.
    expect(res.json).toEqual({
      success: false,
      message,
      issues: expect.arrayContaining([expect.objectContaining({ message })]),
    });
    expect(await db().user.count()).toBe(before);
  });

  test("english caller gets the english text", async () => {
    const res = await call(userRoute, "POST", "/api/user/", {
      cookie: `${who.rootCookie}; NEXT_LOCALE=en`,
      body: { username: "", password: "" },
      headers: { "accept-language": "en" },
    });
    expect(res.json.message).toBe("Username and password must not be empty!");
  });

  test("creates an ordinary user who can log in; display name defaults to the username", async () => {
    const res = await call<{ id: number }>(userRoute, "POST", "/api/user/", {
      cookie: who.admin.cookie,
      body: { username: "added-1", password: "added-pass-1" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, message: "用户账户创建成功！" });
    const row = await userRow(res.json.data.id);
    expect(row).toMatchObject({ username: "added-1", displayName: "added-1", role: 1, status: 1, group: "default" });
    expect(row.password).not.toBe("added-pass-1");
    await expect(login("added-1", "added-pass-1")).resolves.toContain("=");
    const logs = await manageLogs(row.id);
    expect(logs[0]?.content).toContain("admin-one");
  });

  test("a duplicate username, even of a cancelled user, is refused", async () => {
    const gone = await createUser({ username: "gone-user" });
    await db().user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    for (const username of ["added-1", "gone-user"]) {
      const res = await call(userRoute, "POST", "/api/user/", {
        cookie: who.rootCookie,
        body: { username, password: "password-1" },
      });
      expect(res.status).toBe(409);
      expect(res.json.message).toBe("用户名已存在，或已注销");
    }
  });
});

describe("GET /api/user/{id}", () => {
  test("an admin reads a lower-role user without secrets", async () => {
    const u = await createUser({ username: "readable" });
    const res = await call<Record<string, unknown>>(userIdRoute, "GET", `/api/user/${u.id}`, {
      cookie: who.admin.cookie,
      params: { id: String(u.id) },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: u.id, username: "readable", role: 1, DeletedAt: null });
    expect(JSON.stringify(res.json)).not.toMatch(/\$2[aby]\$/);
  });

  test("an admin cannot read root or another admin; root can", async () => {
    const other = await createUser({ role: ROLE.admin });
    for (const id of [who.rootId, other.id]) {
      const res = await call(userIdRoute, "GET", `/api/user/${id}`, {
        cookie: who.admin.cookie,
        params: { id: String(id) },
      });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe("无权管理同级或更高权限的用户");
    }
    const res = await call(userIdRoute, "GET", `/api/user/${other.id}`, {
      cookie: who.rootCookie,
      params: { id: String(other.id) },
    });
    expect(res.status).toBe(200);
  });

  test("an unknown id is 404", async () => {
    const res = await call(userIdRoute, "GET", "/api/user/999999", {
      cookie: who.rootCookie,
      params: { id: "999999" },
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("用户不存在");
  });
});

describe("PUT /api/user/ (edit)", () => {
  test("edits group and display name; a new password below 8 is refused", async () => {
    const u = await createUser();
    const short = await call(userRoute, "PUT", "/api/user/", {
      cookie: who.admin.cookie,
      body: { id: u.id, password: "short" },
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("密码长度至少为8个字符");
    const res = await call(userRoute, "PUT", "/api/user/", {
      cookie: who.admin.cookie,
      body: { id: u.id, display_name: "Edited", group: "vip" },
    });
    expect(res.json).toMatchObject({ success: true });
    expect(await userRow(u.id)).toMatchObject({ displayName: "Edited", group: "vip" });
  });

  test("a new password revokes the user's sessions and works for login", async () => {
    const u = await createUserAndLogin({ password: "old-password-1" });
    const res = await call(userRoute, "PUT", "/api/user/", {
      cookie: who.admin.cookie,
      body: { id: u.id, password: "new-password-1" },
    });
    expect(res.json.success).toBe(true);
    expect((await call(selfRoute, "GET", "/api/user/self", { cookie: u.cookie })).status).toBe(401);
    await expect(login(u.username, "new-password-1")).resolves.toContain("=");
  });

  test("a quota change writes a type-3 log naming the admin; an unchanged quota writes none", async () => {
    const u = await createUser({ quota: 1000 });
    await call(userRoute, "PUT", "/api/user/", { cookie: who.admin.cookie, body: { id: u.id, quota: 5000 } });
    expect((await userRow(u.id)).quota).toBe(5000n);
    const logs = await manageLogs(u.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.content).toContain("admin-one");
    expect(Number(logs[0]!.quota)).toBe(4000);
    expect(JSON.parse(logs[0]!.other)).toMatchObject({
      admin_info: { admin_id: who.admin.id, admin_username: "admin-one" },
      quota_before: 1000,
      quota_after: 5000,
    });
    await call(userRoute, "PUT", "/api/user/", { cookie: who.admin.cookie, body: { id: u.id, quota: 5000 } });
    expect(await manageLogs(u.id)).toHaveLength(1);
  });

  test("a non-integer or negative quota is refused", async () => {
    const u = await createUser({ quota: 10 });
    for (const quota of [1.5, -1]) {
      const res = await call(userRoute, "PUT", "/api/user/", { cookie: who.rootCookie, body: { id: u.id, quota } });
      expect(res.status).toBe(400);
    }
    expect((await userRow(u.id)).quota).toBe(10n);
  });

  test("an admin cannot edit root, another admin or themselves; nothing changes", async () => {
    const other = await createUser({ role: ROLE.admin, quota: 7 });
    for (const id of [who.rootId, other.id, who.admin.id]) {
      const before = await userRow(id);
      const res = await call(userRoute, "PUT", "/api/user/", {
        cookie: who.admin.cookie,
        body: { id, quota: 123456789, display_name: "hacked" },
      });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe("无权管理同级或更高权限的用户");
      const after = await userRow(id);
      expect(after.quota).toBe(before.quota);
      expect(after.displayName).toBe(before.displayName);
    }
  });

  test("root edits an admin", async () => {
    const other = await createUser({ role: ROLE.admin });
    const res = await call(userRoute, "PUT", "/api/user/", {
      cookie: who.rootCookie,
      body: { id: other.id, group: "svip" },
    });
    expect(res.json.success).toBe(true);
    expect((await userRow(other.id)).group).toBe("svip");
  });
});

describe("anonymous and ordinary users are refused and nothing changes", () => {
  test("every admin user route", async () => {
    const victim = await createUser({ quota: 100 });
    const ordinary = await createUserAndLogin();
    const before = await db().user.count();
    for (const cookie of [undefined, ordinary.cookie]) {
      const expected = cookie ? 403 : 401;
      const results = await Promise.all([
        call(userRoute, "POST", "/api/user/", { cookie, body: { username: "sneaky", password: "password-1" } }),
        call(userRoute, "PUT", "/api/user/", { cookie, body: { id: victim.id, quota: 999999 } }),
        call(userIdRoute, "GET", `/api/user/${victim.id}`, { cookie, params: { id: String(victim.id) } }),
        call(manageRoute, "POST", "/api/user/manage", { cookie, body: { id: victim.id, action: "disable" } }),
        call(manageRoute, "POST", "/api/user/manage", {
          cookie,
          body: { id: victim.id, action: "add_quota", mode: "add", value: 5 },
        }),
        call(manageRoute, "POST", "/api/user/manage", { cookie, body: { id: ordinary.id, action: "promote" } }),
      ]);
      for (const r of results) expect(r.status).toBe(expected);
    }
    expect(await db().user.count()).toBe(before);
    expect(await userRow(victim.id)).toMatchObject({ quota: 100n, status: 1, deletedAt: null });
    expect((await userRow(ordinary.id)).role).toBe(1);
    expect(await manageLogs(victim.id)).toHaveLength(0);
  });
});
