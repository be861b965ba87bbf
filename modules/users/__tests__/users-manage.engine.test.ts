// Users admin, POST /api/user/manage: promote/demote (only root
// promotes), disable/enable and soft delete (root never), add_quota with its type-3 log, and
// concurrent quota adds that must all land (a relative update: engine-dependent, hence .engine).
import * as userRoute from "@/app/api/user/route";
import * as manageRoute from "@/app/api/user/manage/route";
import * as selfRoute from "@/app/api/user/self/route";
import * as loginRoute from "@/app/api/user/login/route";
import { db } from "@/lib/server/db";
import { ROLE } from "@/lib/constants";
import { call, createUser, createUserAndLogin, login } from "@/test-support/api/harness";
import { manageLogs, setupUsersAdmin, userRow } from "@/test-support/api/users-admin-support";

const who = setupUsersAdmin();

const manage = (cookie: string, body: Record<string, unknown>) =>
  call<{ status: number; role: number }>(manageRoute, "POST", "/api/user/manage", { cookie, body });

describe("POST /api/user/manage", () => {
  test("promote and demote: only root promotes; data carries the new role", async () => {
    const u = await createUser();
    const byAdmin = await manage(who.admin.cookie, { id: u.id, action: "promote" });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.message).toBe("普通管理员用户无法提升其他用户为管理员");
    expect((await userRow(u.id)).role).toBe(1);

    const promoted = await manage(who.rootCookie, { id: u.id, action: "promote" });
    expect(promoted.json).toMatchObject({ success: true, message: "操作成功完成！", data: { role: 10, status: 1 } });
    expect((await manage(who.rootCookie, { id: u.id, action: "promote" })).json.message).toBe("该用户已经是管理员");

    // now an admin: another admin cannot demote it (equal role)
    expect((await manage(who.admin.cookie, { id: u.id, action: "demote" })).json.message).toBe(
      "无权管理同级或更高权限的用户",
    );
    const demoted = await manage(who.rootCookie, { id: u.id, action: "demote" });
    expect(demoted.json.data).toEqual({ role: 1, status: 1 });
    expect((await manage(who.rootCookie, { id: u.id, action: "demote" })).json.message).toBe("该用户已经是普通用户");
  });

  test("root is never disabled, deleted or demoted, not even by root", async () => {
    const expected = {
      disable: "无法禁用超级管理员用户",
      delete: "无法删除超级管理员用户",
      demote: "无法降级超级管理员用户",
    };
    for (const [action, message] of Object.entries(expected)) {
      const res = await manage(who.rootCookie, { id: who.rootId, action });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(message);
    }
    const row = await userRow(who.rootId);
    expect(row).toMatchObject({ role: 100, status: 1, deletedAt: null });
  });

  test("an admin cannot manage root or another admin at all", async () => {
    const other = await createUser({ role: ROLE.admin });
    for (const id of [who.rootId, other.id, who.admin.id]) {
      for (const action of ["disable", "delete", "demote", "enable", "promote"]) {
        const res = await manage(who.admin.cookie, { id, action });
        expect(res.status).toBe(403);
        expect(res.json.message).toBe("无权管理同级或更高权限的用户");
      }
      const quota = await manage(who.admin.cookie, { id, action: "add_quota", mode: "add", value: 1000 });
      expect(quota.status).toBe(403);
    }
    expect(await userRow(other.id)).toMatchObject({ role: 10, status: 1, deletedAt: null, quota: 0n });
    expect(await userRow(who.rootId)).toMatchObject({ role: 100, status: 1, deletedAt: null });
  });

  test("disable kills sessions and login; enable restores login", async () => {
    const u = await createUserAndLogin({ password: "ban-me-please" });
    const res = await manage(who.admin.cookie, { id: u.id, action: "disable" });
    expect(res.json.data).toEqual({ status: 2, role: 1 });
    expect((await call(selfRoute, "GET", "/api/user/self", { cookie: u.cookie })).status).toBe(401);
    const failed = await call(loginRoute, "POST", "/api/user/login", {
      body: { username: u.username, password: "ban-me-please" },
    });
    expect(failed.json.success).toBe(false);

    const enabled = await manage(who.admin.cookie, { id: u.id, action: "enable" });
    expect(enabled.json.data).toEqual({ status: 1, role: 1 });
    await expect(login(u.username, "ban-me-please")).resolves.toContain("=");
  });

  test("delete is a soft delete: cancelled, tokens gone, sessions dead, further actions refused", async () => {
    const u = await createUserAndLogin();
    await db().token.create({
      data: { userId: u.id, keyHash: `h-${u.id}`, keyCipher: "x", name: "t", createdTime: 1 },
    });
    const res = await manage(who.admin.cookie, { id: u.id, action: "delete" });
    expect(res.json.success).toBe(true);
    const row = await userRow(u.id);
    expect(row.deletedAt).not.toBeNull();
    expect(await db().token.count({ where: { userId: u.id, deletedAt: null } })).toBe(0);
    expect((await call(selfRoute, "GET", "/api/user/self", { cookie: u.cookie })).status).toBe(401);
    const again = await manage(who.admin.cookie, { id: u.id, action: "enable" });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe("该用户已注销");
    const listed = await call<{ items: { id: number; DeletedAt: string | null }[] }>(
      userRoute,
      "GET",
      "/api/user/?p=1&page_size=100",
      { cookie: who.admin.cookie },
    );
    expect(listed.json.data.items.find((i) => i.id === u.id)?.DeletedAt).toBeTruthy();
  });

  test("add_quota add / subtract / override, each logged as type 3 with the admin", async () => {
    const u = await createUser({ quota: 1000 });
    await manage(who.admin.cookie, { id: u.id, action: "add_quota", mode: "add", value: 500 });
    expect((await userRow(u.id)).quota).toBe(1500n);
    await manage(who.admin.cookie, { id: u.id, action: "add_quota", mode: "subtract", value: 200 });
    expect((await userRow(u.id)).quota).toBe(1300n);
    const tooMuch = await manage(who.admin.cookie, { id: u.id, action: "add_quota", mode: "subtract", value: 5000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toBe("扣减的额度超过了用户当前余额");
    expect((await userRow(u.id)).quota).toBe(1300n);
    await manage(who.rootCookie, { id: u.id, action: "add_quota", mode: "override", value: 42 });
    expect((await userRow(u.id)).quota).toBe(42n);

    const logs = await manageLogs(u.id);
    expect(logs.map((l) => Number(l.quota))).toEqual([500, -200, -1258]);
    expect(logs.map((l) => JSON.parse(l.other).admin_info.admin_username)).toEqual(["admin-one", "admin-one", "root"]);
  });

  test("concurrent adds all land (relative update, no lost write)", async () => {
    const u = await createUser({ quota: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        manage(who.admin.cookie, { id: u.id, action: "add_quota", mode: "add", value: 7 }),
      ),
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
    const res = await manage(who.rootCookie, body);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
  });

  test("unknown user is 404", async () => {
    const res = await manage(who.rootCookie, { id: 999999, action: "disable" });
    expect(res.status).toBe(404);
  });
});
