// GET/POST /api/setup: first-run wizard, validation in both languages, and run-once semantics.
import * as setupRoute from "@/app/api/setup/route";
import { db } from "@/lib/server/db";
import { ROLE, ROOT_INITIAL_QUOTA } from "@/lib/constants";
import { catalogues } from "@/messages";
import { call, testDatabaseKind, setupApiHarness } from "@/test-support/api/harness";

const zhText = catalogues.zh.server;
const enText = catalogues.en.server;

setupApiHarness();

const valid = { username: "admin", password: "secret-123", confirmPassword: "secret-123" };

async function postSetup(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(setupRoute, "POST", "/api/setup", { body, headers });
}

describe("before setup", () => {
  test("GET reports not done, no root, and the database in use", async () => {
    const res = await call(setupRoute, "GET", "/api/setup");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      message: "",
      data: { status: false, root_init: false, database_type: testDatabaseKind() },
    });
  });

  test.each([
    [{ ...valid, username: "   " }, "请输入管理员用户名", enText.setup_username_required],
    [{ ...valid, password: "short", confirmPassword: "short" }, "密码长度至少为8个字符", enText.password_too_short],
    [{ ...valid, confirmPassword: "different-1" }, "两次输入的密码不一致", enText.password_mismatch],
  ])("validation %#: Chinese by default, English on request", async (body, zh, en) => {
    expect(Object.values(zhText)).toContain(zh);
    const zhRes = await postSetup(body);
    expect(zhRes.status).toBe(400);
    expect(zhRes.json).toEqual({ success: false, message: zh });

    const byHeader = await postSetup(body, { "accept-language": "en-US,en;q=0.9" });
    const byCookie = await postSetup(body, { cookie: "NEXT_LOCALE=en" });
    expect(byHeader.status).toBe(400);
    expect(byHeader.json.message).toBe(byCookie.json.message);
    expect(byHeader.json.message).not.toBe(zh);
    expect(byHeader.json.message).toBe(en);
  });

  test("a refused submission changes nothing", async () => {
    expect(await db().user.count()).toBe(0);
    expect(await db().setup.count()).toBe(0);
  });
});

describe("setup", () => {
  test("concurrent submissions create exactly one root", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postSetup({ ...valid, SelfUseModeEnabled: true, DemoSiteEnabled: false })),
    );
    const succeeded = results.filter((r) => r.status === 200 && r.json.success);
    expect(succeeded).toHaveLength(1);
    for (const r of results.filter((x) => !x.json.success)) {
      expect(r.json.message).toBe("系统已经初始化完成");
    }
    expect(await db().user.count({ where: { role: ROLE.root } })).toBe(1);
    expect(await db().setup.count()).toBe(1);
  });

  test("root is created with the initial quota and a bcrypt hash", async () => {
    const root = await db().user.findFirstOrThrow({ where: { role: ROLE.root } });
    expect(root.username).toBe("admin");
    expect(root.quota).toBe(BigInt(ROOT_INITIAL_QUOTA));
    expect(root.quota).toBe(BigInt(100000000));
    expect(root.password).toMatch(/^\$2[aby]\$/);
    expect(root.password).not.toContain("secret-123");
  });

  test("usage-mode options are stored", async () => {
    const rows = await db().option.findMany({ where: { key: { in: ["SelfUseModeEnabled", "DemoSiteEnabled"] } } });
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      SelfUseModeEnabled: "true",
      DemoSiteEnabled: "false",
    });
  });

  test("GET reports done", async () => {
    const res = await call(setupRoute, "GET", "/api/setup");
    expect(res.json.data).toEqual({ status: true, root_init: true, database_type: testDatabaseKind() });
  });

  test("a second submission is refused in the caller's language", async () => {
    const again = await postSetup({ ...valid, username: "other" });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ success: false, message: "系统已经初始化完成" });
    const en = await postSetup({ ...valid, username: "other" }, { "accept-language": "en" });
    expect(en.json).toEqual({ success: false, message: enText.setup_already_done });
    expect(await db().user.count()).toBe(1);
  });
});
