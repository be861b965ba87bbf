// Redemption codes (spec 2 §3, §4, §5, §7 Redemptions + Wallet redeem): admin CRUD and batch calls,
// their validation messages, role refusals, and POST /api/user/topup: status, validity window,
// once per user, rate limit of failures, and atomicity under 50 concurrent redemptions (the claim is
// a conditional UPDATE; meaningful on SQLite and on PostgreSQL via TEST_DATABASE_URL).
import * as listRoute from "@/app/api/redemption/route";
import * as idRoute from "@/app/api/redemption/[id]/route";
import * as searchRoute from "@/app/api/redemption/search/route";
import * as countRoute from "@/app/api/redemption/count-by-name/route";
import * as deleteByNameRoute from "@/app/api/redemption/delete-by-name/route";
import * as batchDisableRoute from "@/app/api/redemption/batch-disable/route";
import * as deleteDisabledRoute from "@/app/api/redemption/delete-disabled/route";
import * as topupRoute from "@/app/api/user/topup/route";
import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/password";
import { ROLE } from "@/lib/constants";
import { claimAndCredit } from "@/lib/server/services/redemptions/redeem-code";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "./harness";

setupApiHarness();

type Code = Record<string, unknown> & { id: number; key: string; status: number; name: string; used_count: number };
type Page = { items: Code[]; total: number; page: number; page_size: number };

let admin = "";
let nameCounter = 0;
const uniqueName = () => `c${++nameCounter}-${Date.now() % 100000}`;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await setupRoot();
  await login(ROOT_USER.username, ROOT_USER.password);
  admin = (await createUserAndLogin({ role: ROLE.admin })).cookie;
});

const create = (body: Record<string, unknown>, cookie = admin) =>
  call<string[]>(listRoute, "POST", "/api/redemption/", { cookie, body });
const codeByKey = (key: string) => db().redemption.findUniqueOrThrow({ where: { key } });
const redeem = (cookie: string, key: unknown) =>
  call<{ quota: number; is_gift: boolean }>(topupRoute, "POST", "/api/user/topup?turnstile=", {
    cookie,
    body: { key },
  });
async function oneCode(extra: Record<string, unknown> = {}) {
  const res = await create({ name: uniqueName(), quota: 1000, ...extra });
  expect(res.json.success).toBe(true);
  return codeByKey(res.json.data[0]!);
}

describe("POST /api/redemption/ (create)", () => {
  test("defaults: quota 100000, count 1, name is the formatted quota, a 32-hex key", async () => {
    const res = await create({});
    expect(res.json).toMatchObject({ success: true, message: "兑换码创建成功" });
    expect(res.json.data).toHaveLength(1);
    expect(res.json.data[0]).toMatch(/^[0-9a-f]{32}$/);
    const row = await codeByKey(res.json.data[0]!);
    expect(row).toMatchObject({ quota: 100000n, name: "$0.20", status: 1, maxUses: 1, usedCount: 0, isGift: false });
  });

  test("count 3 gives three distinct keys with all fields", async () => {
    const name = uniqueName();
    const res = await create({ name, quota: 777, count: 3, is_gift: true, max_uses: -1, valid_until: now() + 3600 });
    expect(new Set(res.json.data).size).toBe(3);
    const rows = await db().redemption.findMany({ where: { name } });
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatchObject({ quota: 777n, isGift: true, maxUses: -1 });
  });

  test("a custom key is kept; a taken one is refused", async () => {
    const key = `custom-${Date.now()}`;
    expect((await create({ key })).json.data).toEqual([key]);
    const again = await create({ key });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("兑换码已存在");
  });

  test.each([
    [{ name: "n".repeat(21) }, "兑换码名称长度不能超过20个字符"],
    [{ count: 0 }, "生成数量必须在1到100之间"],
    [{ count: 101 }, "生成数量必须在1到100之间"],
    [{ count: 1.5 }, "生成数量必须在1到100之间"],
    [{ quota: 0 }, "额度必须是正整数"],
    [{ quota: -5 }, "额度必须是正整数"],
    [{ quota: 2.5 }, "额度必须是正整数"],
    [{ max_uses: 0 }, "最大使用次数必须是正整数，或 -1 表示不限"],
    [{ max_uses: -2 }, "最大使用次数必须是正整数，或 -1 表示不限"],
    [{ valid_from: 2000, valid_until: 1000 }, "生效时间必须早于过期时间"],
    [{ valid_from: 1000, valid_until: 1000 }, "生效时间必须早于过期时间"],
    [{ valid_from: -1 }, "时间格式错误"],
    [{ key: "short" }, "自定义兑换码只能包含字母、数字、- 和 _，长度为8到64个字符"],
    [{ key: "has space in it" }, "自定义兑换码只能包含字母、数字、- 和 _，长度为8到64个字符"],
    [{ key: "abcdefgh12", count: 2 }, "指定兑换码时只能生成 1 个"],
  ])("%j is refused with %s", async (body, message) => {
    const before = await db().redemption.count();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, message });
    expect(await db().redemption.count()).toBe(before);
  });
});

describe("list, search, get", () => {
  test("list pages newest first with keys; search by id and name", async () => {
    const name = uniqueName();
    await create({ name, count: 2 });
    const list = await call<Page>(listRoute, "GET", "/api/redemption/?p=1&page_size=2", { cookie: admin });
    expect(list.json.data.items).toHaveLength(2);
    expect(list.json.data.items[0]!.name).toBe(name);
    expect(list.json.data.items[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(list.json.data.total).toBeGreaterThanOrEqual(2);

    const byName = await call<Page>(searchRoute, "GET", `/api/redemption/search?keyword=${name}&p=1&page_size=10`, {
      cookie: admin,
    });
    expect(byName.json.data.items.map((i) => i.name)).toEqual([name, name]);
    const id = byName.json.data.items[0]!.id;
    const byId = await call<Page>(searchRoute, "GET", `/api/redemption/search?keyword=${id}`, { cookie: admin });
    expect(byId.json.data.items.map((i) => i.id)).toContain(id);

    const one = await call<Code>(idRoute, "GET", `/api/redemption/${id}`, {
      cookie: admin,
      params: { id: String(id) },
    });
    expect(one.json.data).toMatchObject({ id, name, status: 1, max_uses: 1, used_count: 0 });
    const missing = await call(idRoute, "GET", "/api/redemption/999999", { cookie: admin, params: { id: "999999" } });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("兑换码不存在");
  });
});

describe("PUT /api/redemption/ (edit, status)", () => {
  test("edits an unused code", async () => {
    const code = await oneCode();
    const res = await call<Code>(listRoute, "PUT", "/api/redemption/", {
      cookie: admin,
      body: { id: code.id, name: "renamed", quota: 4321, max_uses: 5, is_gift: true },
    });
    expect(res.json).toMatchObject({ success: true, data: { name: "renamed", quota: 4321, max_uses: 5 } });
  });

  test("refuses a bad window and a used code", async () => {
    const code = await oneCode({ valid_from: 5000 });
    const bad = await call(listRoute, "PUT", "/api/redemption/", {
      cookie: admin,
      body: { id: code.id, valid_until: 4000 },
    });
    expect(bad.json.message).toBe("生效时间必须早于过期时间");
    await db().redemption.update({ where: { id: code.id }, data: { status: 3 } });
    const used = await call(listRoute, "PUT", "/api/redemption/", { cookie: admin, body: { id: code.id, quota: 9 } });
    expect(used.status).toBe(400);
    expect(used.json.message).toBe("只能编辑未使用的兑换码");
    expect((await codeByKey(code.key)).quota).toBe(1000n);
  });

  test("status_only disables and enables; a used code can be neither", async () => {
    const code = await oneCode();
    const put = (id: number, status: number) =>
      call<Code>(listRoute, "PUT", "/api/redemption/?status_only=true", { cookie: admin, body: { id, status } });
    expect((await put(code.id, 2)).json.data.status).toBe(2);
    const editDisabled = await call(listRoute, "PUT", "/api/redemption/", {
      cookie: admin,
      body: { id: code.id, quota: 5 },
    });
    expect(editDisabled.json.message).toBe("只能编辑未使用的兑换码");
    expect((await put(code.id, 1)).json.data.status).toBe(1);
    expect((await put(code.id, 3)).json.message).toBe("无效的兑换码状态");
    await db().redemption.update({ where: { id: code.id }, data: { status: 3 } });
    const res = await put(code.id, 1);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("兑换码已使用，无法启用或禁用");
    expect((await codeByKey(code.key)).status).toBe(3);
  });
});

describe("delete calls", () => {
  test("count-by-name then delete-by-name; name required", async () => {
    const name = uniqueName();
    await create({ name, count: 3 });
    const count = await call<number>(countRoute, "GET", `/api/redemption/count-by-name?name=${name}`, {
      cookie: admin,
    });
    expect(count.json.data).toBe(3);
    const del = await call<number>(deleteByNameRoute, "DELETE", `/api/redemption/delete-by-name?name=${name}`, {
      cookie: admin,
    });
    expect(del.json.data).toBe(3);
    expect(
      (await call<number>(countRoute, "GET", `/api/redemption/count-by-name?name=${name}`, { cookie: admin })).json
        .data,
    ).toBe(0);
    const missing = await call(countRoute, "GET", "/api/redemption/count-by-name?name=", { cookie: admin });
    expect(missing.json.message).toBe("请输入兑换码名称");
    const missing2 = await call(deleteByNameRoute, "DELETE", "/api/redemption/delete-by-name", { cookie: admin });
    expect(missing2.json.message).toBe("请输入兑换码名称");
  });

  test("a deleted code can no longer be listed, read or redeemed", async () => {
    const code = await oneCode();
    const res = await call(idRoute, "DELETE", `/api/redemption/${code.id}/`, {
      cookie: admin,
      params: { id: String(code.id) },
    });
    expect(res.json.success).toBe(true);
    const get = await call(idRoute, "GET", `/api/redemption/${code.id}`, {
      cookie: admin,
      params: { id: String(code.id) },
    });
    expect(get.status).toBe(404);
    const user = await createUserAndLogin();
    expect((await redeem(user.cookie, code.key)).json.message).toBe("无效的兑换码");
  });

  test("batch-disable needs a selection and disables only unused codes; delete-disabled removes them", async () => {
    const empty = await call(batchDisableRoute, "PUT", "/api/redemption/batch-disable", {
      cookie: admin,
      body: { ids: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("请至少选择一个兑换码！");
    const a = await oneCode();
    const b = await oneCode();
    await db().redemption.update({ where: { id: b.id }, data: { status: 3 } });
    const res = await call<number>(batchDisableRoute, "PUT", "/api/redemption/batch-disable", {
      cookie: admin,
      body: { ids: [a.id, b.id] },
    });
    expect(res.json.data).toBe(1);
    expect((await codeByKey(a.key)).status).toBe(2);
    expect((await codeByKey(b.key)).status).toBe(3);
    const del = await call<number>(deleteDisabledRoute, "DELETE", "/api/redemption/delete-disabled", {
      cookie: admin,
    });
    expect(del.json.data).toBeGreaterThanOrEqual(1);
    expect((await codeByKey(a.key)).deletedAt).not.toBeNull();
    expect((await codeByKey(b.key)).deletedAt).toBeNull();
  });
});

describe("role refusals", () => {
  test("anonymous and ordinary users are refused on every admin route; nothing changes", async () => {
    const code = await oneCode();
    const user = await createUserAndLogin();
    const countBefore = await db().redemption.count({ where: { deletedAt: null } });
    for (const cookie of [undefined, user.cookie]) {
      const expected = cookie ? 403 : 401;
      const p = { id: String(code.id) };
      const results = await Promise.all([
        call(listRoute, "GET", "/api/redemption/?p=1", { cookie }),
        call(listRoute, "POST", "/api/redemption/", { cookie, body: { count: 5 } }),
        call(listRoute, "PUT", "/api/redemption/", { cookie, body: { id: code.id, quota: 1 } }),
        call(listRoute, "PUT", "/api/redemption/?status_only=true", { cookie, body: { id: code.id, status: 2 } }),
        call(idRoute, "GET", `/api/redemption/${code.id}`, { cookie, params: p }),
        call(idRoute, "DELETE", `/api/redemption/${code.id}/`, { cookie, params: p }),
        call(searchRoute, "GET", "/api/redemption/search?keyword=c", { cookie }),
        call(countRoute, "GET", `/api/redemption/count-by-name?name=${code.name}`, { cookie }),
        call(deleteByNameRoute, "DELETE", `/api/redemption/delete-by-name?name=${code.name}`, { cookie }),
        call(batchDisableRoute, "PUT", "/api/redemption/batch-disable", { cookie, body: { ids: [code.id] } }),
        call(deleteDisabledRoute, "DELETE", "/api/redemption/delete-disabled", { cookie }),
      ]);
      for (const r of results) {
        expect(r.status).toBe(expected);
        expect(JSON.stringify(r.json)).not.toContain(code.key);
      }
    }
    expect(await db().redemption.count({ where: { deletedAt: null } })).toBe(countBefore);
    expect(await codeByKey(code.key)).toMatchObject({ status: 1, quota: 1000n, deletedAt: null });
    expect((await redeem("", code.key)).status).toBe(401);
  });
});

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
      cookie: admin,
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
