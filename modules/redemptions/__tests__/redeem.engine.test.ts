// POST /api/user/topup (redeem): status, validity window, once per user, rate limit of failures, and
// atomicity under 50 concurrent redemptions (the claim is a conditional UPDATE; meaningful on SQLite
// and on PostgreSQL via TEST_DATABASE_URL).
import * as idRoute from "@/app/api/redemption/[id]/route";
import * as topupRoute from "@/app/api/user/topup/route";
import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/password";
import { claimAndCredit } from "@/modules/redemptions/server/redeem-code";
import { call, createUserAndLogin, login, setupApiHarness } from "@/test-support/api/harness";
import {
  codeByKey,
  now,
  oneCode,
  redeem,
  session,
  setupRedemptionAdmin,
  type Code,
} from "@/test-support/api/redemptions-support";

setupApiHarness();
setupRedemptionAdmin();

describe("POST /api/user/topup (redeem)", () => {
  test("an empty key: 请输入兑换码！", async () => {
    const user = await createUserAndLogin();
    for (const key of ["", "   ", undefined]) {
      const res = await redeem(user.cookie, key);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("请输入兑换码！");
    }
  });

  test("success credits the quota, writes a top-up log, records the use and marks the code used", async () => {
    const user = await createUserAndLogin({ quota: 50 });
    const code = await oneCode({ quota: 1234 });
    const res = await redeem(user.cookie, code.key);
    expect(res.json).toEqual({ success: true, message: "兑换成功！", data: { quota: 1234, is_gift: false } });
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).quota).toBe(1284n);
    expect(await codeByKey(code.key)).toMatchObject({ status: 3, usedCount: 1, usedUserId: user.id });
    const logs = await db().log.findMany({ where: { userId: user.id, type: 1 } });
    expect(logs).toHaveLength(1);
    expect(Number(logs[0]!.quota)).toBe(1234);
    expect(logs[0]!.content).toContain(`兑换码ID ${code.id}`);
    expect(await db().redemptionUse.count({ where: { redemptionId: code.id, userId: user.id } })).toBe(1);
    // used now: the next user is told so, the admin sees status 3
    const other = await createUserAndLogin();
    expect((await redeem(other.cookie, code.key)).json.message).toBe("该兑换码已被使用");
    const seen = await call<Code>(idRoute, "GET", `/api/redemption/${code.id}`, {
      cookie: session.admin,
      params: { id: String(code.id) },
    });
    expect(seen.json.data).toMatchObject({ status: 3, used_user_id: user.id, used_count: 1 });
  });

  test("refuses unknown, disabled, not-yet-valid and expired codes with their messages", async () => {
    const user = await createUserAndLogin({ quota: 0 });
    const disabled = await oneCode();
    await db().redemption.update({ where: { id: disabled.id }, data: { status: 2 } });
    const future = await oneCode({ valid_from: now() + 3600 });
    const expired = await oneCode({ valid_from: now() - 7200, valid_until: now() - 3600 });
    const cases: [string, string][] = [
      ["no-such-code-0000", "无效的兑换码"],
      [disabled.key, "该兑换码已被禁用"],
      [future.key, "该兑换码尚未生效"],
      [expired.key, "该兑换码已过期"],
    ];
    for (const [key, message] of cases) {
      const res = await redeem(user.cookie, key);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ success: false, message });
    }
    const en = await call(topupRoute, "POST", "/api/user/topup", {
      cookie: `${user.cookie}; NEXT_LOCALE=en`,
      headers: { "accept-language": "en" },
      body: { key: expired.key },
    });
    expect(en.json.message).toBe("This code has expired");
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).quota).toBe(0n);
    expect(await db().log.count({ where: { userId: user.id, type: 1 } })).toBe(0);
  });

  test("a multi-use gift code: once per user, is_gift returned, used after max_uses", async () => {
    const code = await oneCode({ quota: 10, is_gift: true, max_uses: 2 });
    const a = await createUserAndLogin();
    const b = await createUserAndLogin();
    const c = await createUserAndLogin();
    expect((await redeem(a.cookie, code.key)).json.data).toEqual({ quota: 10, is_gift: true });
    const twice = await redeem(a.cookie, code.key);
    expect(twice.json.message).toBe("你已经使用过该兑换码");
    expect((await codeByKey(code.key)).usedCount).toBe(1);
    expect((await redeem(b.cookie, code.key)).json.success).toBe(true);
    expect((await codeByKey(code.key)).status).toBe(3);
    expect((await redeem(c.cookie, code.key)).json.message).toBe("该兑换码已被使用");
  });

  test("an unlimited code (-1) stays unused while users redeem it", async () => {
    const code = await oneCode({ quota: 3, is_gift: true, max_uses: -1 });
    for (let i = 0; i < 3; i++) {
      const u = await createUserAndLogin();
      expect((await redeem(u.cookie, code.key)).json.success).toBe(true);
    }
    expect(await codeByKey(code.key)).toMatchObject({ status: 1, usedCount: 3 });
  });

  test("failed attempts are rate-limited per user (10 per window), then even a good code waits", async () => {
    const user = await createUserAndLogin();
    for (let i = 0; i < 10; i++) expect((await redeem(user.cookie, `guess-${i}-xxxxxxxx`)).status).toBe(400);
    const good = await oneCode();
    const res = await redeem(user.cookie, good.key);
    expect(res.status).toBe(429);
    expect(res.json.message).toMatch(/^兑换失败次数过多，请 \d+ 秒后再试$/);
    expect((await codeByKey(good.key)).status).toBe(1);
    // another user is not affected
    const other = await createUserAndLogin();
    expect((await redeem(other.cookie, good.key)).json.success).toBe(true);
  });
});

describe("concurrency", () => {
  let users: { id: number; username: string; cookie: string }[] = [];

  beforeAll(async () => {
    const hash = await hashPassword("concurrent-1");
    const stamp = Date.now();
    await db().user.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({
        username: `cc${i}-${stamp % 100000}`,
        password: hash,
        displayName: "cc",
        createdAt: 1,
      })),
    });
    const rows = await db().user.findMany({ where: { username: { startsWith: "cc" } }, orderBy: { id: "asc" } });
    users = [];
    for (const r of rows)
      users.push({ id: r.id, username: r.username, cookie: await login(r.username, "concurrent-1") });
  }, 120_000);

  const totalQuota = async () =>
    (await db().user.findMany({ where: { id: { in: users.map((u) => u.id) } } })).reduce((s, u) => s + u.quota, 0n);

  test("50 users at once on a single-use code: exactly one succeeds", async () => {
    const code = await oneCode({ quota: 100 });
    const before = await totalQuota();
    const results = await Promise.all(users.map((u) => redeem(u.cookie, code.key)));
    expect(results.filter((r) => r.json.success)).toHaveLength(1);
    expect(results.filter((r) => !r.json.success).every((r) => r.json.message === "该兑换码已被使用")).toBe(true);
    expect((await totalQuota()) - before).toBe(100n);
    expect(await codeByKey(code.key)).toMatchObject({ status: 3, usedCount: 1 });
    expect(await db().redemptionUse.count({ where: { redemptionId: code.id } })).toBe(1);
    expect(await db().log.count({ where: { type: 1, content: { endsWith: `兑换码ID ${code.id}` } } })).toBe(1);
  });

  test("50 users at once on a max_uses=3 code: exactly three succeed", async () => {
    const code = await oneCode({ quota: 100, is_gift: true, max_uses: 3 });
    const before = await totalQuota();
    const results = await Promise.all(users.map((u) => redeem(u.cookie, code.key)));
    expect(results.filter((r) => r.json.success)).toHaveLength(3);
    expect((await totalQuota()) - before).toBe(300n);
    expect(await codeByKey(code.key)).toMatchObject({ status: 3, usedCount: 3 });
    expect(await db().redemptionUse.count({ where: { redemptionId: code.id } })).toBe(3);
  });

  test("one user 50 times at once on a multi-use code: once", async () => {
    const code = await oneCode({ quota: 100, is_gift: true, max_uses: 10 });
    const u = users[0]!;
    const before = (await db().user.findUniqueOrThrow({ where: { id: u.id } })).quota;
    const results = await Promise.all(Array.from({ length: 50 }, () => redeem(u.cookie, code.key)));
    expect(results.filter((r) => r.json.success)).toHaveLength(1);
    expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).quota - before).toBe(100n);
    expect((await codeByKey(code.key)).usedCount).toBe(1);
  });

  test("the claim transaction alone (no in-process queue) is atomic: max_uses=3 → three", async () => {
    // Bypasses writeAfterFlush so the database's conditional UPDATE is what decides (several
    // gateway instances share one database this way).
    const code = await oneCode({ quota: 100, is_gift: true, max_uses: 3 });
    const settled = await Promise.allSettled(users.map((u) => claimAndCredit(u, code.key, 500000)));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(3);
    expect(await codeByKey(code.key)).toMatchObject({ status: 3, usedCount: 3 });
    expect(await db().redemptionUse.count({ where: { redemptionId: code.id } })).toBe(3);
  });
});
