// Users admin (spec 1 §2 "Manage users", §4, §5, §7): POST /api/user/, GET /api/user/{id},
// PUT /api/user/, POST /api/user/manage. Validation messages, the role rules (an admin manages only
// lower roles, only root promotes, root is never disabled/deleted/demoted), session revocation,
// soft delete, and a type-3 log for every admin quota change.
import * as userRoute from "@/app/api/user/route";
import * as userIdRoute from "@/app/api/user/[id]/route";
import * as manageRoute from "@/app/api/user/manage/route";
import * as selfRoute from "@/app/api/user/self/route";
import * as loginRoute from "@/app/api/user/login/route";
import { db } from "@/lib/server/db";
import { ROLE } from "@/lib/constants";
import { call, createUser, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "./harness";

setupApiHarness();

let rootCookie = "";
let rootId = 0;
let admin: Awaited<ReturnType<typeof createUserAndLogin>>;

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  rootId = (await db().user.findUniqueOrThrow({ where: { username: ROOT_USER.username } })).id;
  admin = await createUserAndLogin({ role: ROLE.admin, username: "admin-one" });
});

const manage = (cookie: string, body: Record<string, unknown>) =>
  call<{ status: number; role: number }>(manageRoute, "POST", "/api/user/manage", { cookie, body });
const userRow = (id: number) => db().user.findUniqueOrThrow({ where: { id } });
const manageLogs = (userId: number) => db().log.findMany({ where: { userId, type: 3 }, orderBy: { id: "asc" } });

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
    const res = await call(userRoute, "POST", "/api/user/", { cookie: rootCookie, body });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, message });
    expect(await db().user.count()).toBe(before);
  });

  test("english caller gets the english text", async () => {
    const res = await call(userRoute, "POST", "/api/user/", {
      cookie: `${rootCookie}; NEXT_LOCALE=en`,
      body: { username: "", password: "" },
      headers: { "accept-language": "en" },
    });
    expect(res.json.message).toBe("Username and password must not be empty!");
  });

  test("creates an ordinary user who can log in; display name defaults to the username", async () => {
    const res = await call<{ id: number }>(userRoute, "POST", "/api/user/", {
      cookie: admin.cookie,
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
        cookie: rootCookie,
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
      cookie: admin.cookie,
      params: { id: String(u.id) },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: u.id, username: "readable", role: 1, DeletedAt: null });
    expect(JSON.stringify(res.json)).not.toMatch(/\$2[aby]\$/);
  });

  test("an admin cannot read root or another admin; root can", async () => {
    const other = await createUser({ role: ROLE.admin });
    for (const id of [rootId, other.id]) {
      const res = await call(userIdRoute, "GET", `/api/user/${id}`, {
        cookie: admin.cookie,
        params: { id: String(id) },
      });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe("无权管理同级或更高权限的用户");
    }
    const res = await call(userIdRoute, "GET", `/api/user/${other.id}`, {
      cookie: rootCookie,
      params: { id: String(other.id) },
    });
    expect(res.status).toBe(200);
  });

  test("an unknown id is 404", async () => {
    const res = await call(userIdRoute, "GET", "/api/user/999999", { cookie: rootCookie, params: { id: "999999" } });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe("用户不存在");
  });
});

describe("PUT /api/user/ (edit)", () => {
  test("edits group and display name; a new password below 8 is refused", async () => {
    const u = await createUser();
    const short = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin.cookie,
      body: { id: u.id, password: "short" },
    });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("密码长度至少为8个字符");
    const res = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin.cookie,
      body: { id: u.id, display_name: "Edited", group: "vip" },
    });
    expect(res.json).toMatchObject({ success: true });
    expect(await userRow(u.id)).toMatchObject({ displayName: "Edited", group: "vip" });
  });

  test("a new password revokes the user's sessions and works for login", async () => {
    const u = await createUserAndLogin({ password: "old-password-1" });
    const res = await call(userRoute, "PUT", "/api/user/", {
      cookie: admin.cookie,
      body: { id: u.id, password: "new-password-1" },
    });
    expect(res.json.success).toBe(true);
    expect((await call(selfRoute, "GET", "/api/user/self", { cookie: u.cookie })).status).toBe(401);
    await expect(login(u.username, "new-password-1")).resolves.toContain("=");
  });

  test("a quota change writes a type-3 log naming the admin; an unchanged quota writes none", async () => {
    const u = await createUser({ quota: 1000 });
    await call(userRoute, "PUT", "/api/user/", { cookie: admin.cookie, body: { id: u.id, quota: 5000 } });
    expect((await userRow(u.id)).quota).toBe(5000n);
    const logs = await manageLogs(u.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.content).toContain("admin-one");
    expect(Number(logs[0]!.quota)).toBe(4000);
    expect(JSON.parse(logs[0]!.other)).toMatchObject({
      admin_info: { admin_id: admin.id, admin_username: "admin-one" },
      quota_before: 1000,
      quota_after: 5000,
    });
    await call(userRoute, "PUT", "/api/user/", { cookie: admin.cookie, body: { id: u.id, quota: 5000 } });
    expect(await manageLogs(u.id)).toHaveLength(1);
  });

  test("a non-integer or negative quota is refused", async () => {
    const u = await createUser({ quota: 10 });
    for (const quota of [1.5, -1]) {
      const res = await call(userRoute, "PUT", "/api/user/", { cookie: rootCookie, body: { id: u.id, quota } });
      expect(res.status).toBe(400);
    }
    expect((await userRow(u.id)).quota).toBe(10n);
  });

  test("an admin cannot edit root, another admin or themselves; nothing changes", async () => {
    const other = await createUser({ role: ROLE.admin, quota: 7 });
    for (const id of [rootId, other.id, admin.id]) {
      const before = await userRow(id);
      const res = await call(userRoute, "PUT", "/api/user/", {
        cookie: admin.cookie,
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
      cookie: rootCookie,
      body: { id: other.id, group: "svip" },
    });
    expect(res.json.success).toBe(true);
    expect((await userRow(other.id)).group).toBe("svip");
  });
});

describe("POST /api/user/manage", () => {
  test("promote and demote: only root promotes; data carries the new role", async () => {
    const u = await createUser();
    const byAdmin = await manage(admin.cookie, { id: u.id, action: "promote" });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.message).toBe("普通管理员用户无法提升其他用户为管理员");
    expect((await userRow(u.id)).role).toBe(1);

    const promoted = await manage(rootCookie, { id: u.id, action: "promote" });
    expect(promoted.json).toMatchObject({ success: true, message: "操作成功完成！", data: { role: 10, status: 1 } });
    expect((await manage(rootCookie, { id: u.id, action: "promote" })).json.message).toBe("该用户已经是管理员");

    // now an admin: another admin cannot demote it (equal role)
    expect((await manage(admin.cookie, { id: u.id, action: "demote" })).json.message).toBe(
      "无权管理同级或更高权限的用户",
    );
    const demoted = await manage(rootCookie, { id: u.id, action: "demote" });
    expect(demoted.json.data).toEqual({ role: 1, status: 1 });
    expect((await manage(rootCookie, { id: u.id, action: "demote" })).json.message).toBe("该用户已经是普通用户");
  });

  test("root is never disabled, deleted or demoted, not even by root", async () => {
    const expected = {
      disable: "无法禁用超级管理员用户",
      delete: "无法删除超级管理员用户",
      demote: "无法降级超级管理员用户",
    };
    for (const [action, message] of Object.entries(expected)) {
      const res = await manage(rootCookie, { id: rootId, action });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(message);
    }
    const row = await userRow(rootId);
    expect(row).toMatchObject({ role: 100, status: 1, deletedAt: null });
  });

  test("an admin cannot manage root or another admin at all", async () => {
    const other = await createUser({ role: ROLE.admin });
    for (const id of [rootId, other.id, admin.id]) {
      for (const action of ["disable", "delete", "demote", "enable", "promote"]) {
        const res = await manage(admin.cookie, { id, action });
        expect(res.status).toBe(403);
        expect(res.json.message).toBe("无权管理同级或更高权限的用户");
      }
      const quota = await manage(admin.cookie, { id, action: "add_quota", mode: "add", value: 1000 });
      expect(quota.status).toBe(403);
    }
    expect(await userRow(other.id)).toMatchObject({ role: 10, status: 1, deletedAt: null, quota: 0n });
    expect(await userRow(rootId)).toMatchObject({ role: 100, status: 1, deletedAt: null });
  });

  test("disable kills sessions and login; enable restores login", async () => {
    const u = await createUserAndLogin({ password: "ban-me-please" });
    const res = await manage(admin.cookie, { id: u.id, action: "disable" });
    expect(res.json.data).toEqual({ status: 2, role: 1 });
    expect((await call(selfRoute, "GET", "/api/user/self", { cookie: u.cookie })).status).toBe(401);
    const failed = await call(loginRoute, "POST", "/api/user/login", {
      body: { username: u.username, password: "ban-me-please" },
    });
    expect(failed.json.success).toBe(false);

    const enabled = await manage(admin.cookie, { id: u.id, action: "enable" });
    expect(enabled.json.data).toEqual({ status: 1, role: 1 });
    await expect(login(u.username, "ban-me-please")).resolves.toContain("=");
  });

  test("delete is a soft delete: cancelled, tokens gone, sessions dead, further actions refused", async () => {
    const u = await createUserAndLogin();
    await db().token.create({
      data: { userId: u.id, keyHash: `h-${u.id}`, keyCipher: "x", name: "t", createdTime: 1 },
    });
    const res = await manage(admin.cookie, { id: u.id, action: "delete" });
    expect(res.json.success).toBe(true);
    const row = await userRow(u.id);
    expect(row.deletedAt).not.toBeNull();
    expect(await db().token.count({ where: { userId: u.id, deletedAt: null } })).toBe(0);
    expect((await call(selfRoute, "GET", "/api/user/self", { cookie: u.cookie })).status).toBe(401);
    const again = await manage(admin.cookie, { id: u.id, action: "enable" });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe("该用户已注销");
    const listed = await call<{ items: { id: number; DeletedAt: string | null }[] }>(
      userRoute,
      "GET",
      "/api/user/?p=1&page_size=100",
      { cookie: admin.cookie },
    );
    expect(listed.json.data.items.find((i) => i.id === u.id)?.DeletedAt).toBeTruthy();
  });

  test("add_quota add / subtract / override, each logged as type 3 with the admin", async () => {
    const u = await createUser({ quota: 1000 });
    await manage(admin.cookie, { id: u.id, action: "add_quota", mode: "add", value: 500 });
    expect((await userRow(u.id)).quota).toBe(1500n);
    await manage(admin.cookie, { id: u.id, action: "add_quota", mode: "subtract", value: 200 });
    expect((await userRow(u.id)).quota).toBe(1300n);
    const tooMuch = await manage(admin.cookie, { id: u.id, action: "add_quota", mode: "subtract", value: 5000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toBe("扣减的额度超过了用户当前余额");
    expect((await userRow(u.id)).quota).toBe(1300n);
    await manage(rootCookie, { id: u.id, action: "add_quota", mode: "override", value: 42 });
    expect((await userRow(u.id)).quota).toBe(42n);

    const logs = await manageLogs(u.id);
    expect(logs.map((l) => Number(l.quota))).toEqual([500, -200, -1258]);
    expect(logs.map((l) => JSON.parse(l.other).admin_info.admin_username)).toEqual(["admin-one", "admin-one", "root"]);
  });

  test("concurrent adds all land (relative update, no lost write)", async () => {
    const u = await createUser({ quota: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () => manage(admin.cookie, { id: u.id, action: "add_quota", mode: "add", value: 7 })),
    );
    expect((await userRow(u.id)).quota).toBe(140n);
    expect(await manageLogs(u.id)).toHaveLength(20);
  });

  test.each([
    [{ action: "promote" }, "用户不存在"],
    [{ id: 1, action: "explode" }, "无效的操作"],
    [{ id: 1, action: "add_quota", value: 5 }, "额度调整方式无效"],
    [{ id: 1, action: "add_quota", mode: "add" }, "请输入要调整的额度"],
    [{ id: 1, action: "add_quota", mode: "add", value: 0 }, "请输入要调整的额度"],
    [{ id: 1, action: "add_quota", mode: "add", value: 1.5 }, "额度必须是整数"],
  ])("bad payload %j → %s", async (body, message) => {
    const res = await manage(rootCookie, body);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  test("unknown user is 404", async () => {
    const res = await manage(rootCookie, { id: 999999, action: "disable" });
    expect(res.status).toBe(404);
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
