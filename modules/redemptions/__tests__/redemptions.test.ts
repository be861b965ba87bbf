// Redemption codes, admin side: CRUD and batch calls, their
// validation messages and role refusals. Redeeming is in redeem.test.ts.
import * as listRoute from "@/app/api/redemption/route";
import * as idRoute from "@/app/api/redemption/[id]/route";
import * as searchRoute from "@/app/api/redemption/search/route";
import * as countRoute from "@/app/api/redemption/count-by-name/route";
import * as deleteByNameRoute from "@/app/api/redemption/delete-by-name/route";
import * as batchDisableRoute from "@/app/api/redemption/batch-disable/route";
import * as deleteDisabledRoute from "@/app/api/redemption/delete-disabled/route";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, setupApiHarness, refusedInput } from "@/test-support/api/harness";
import {
  codeByKey,
  create,
  now,
  oneCode,
  redeem,
  session,
  setupRedemptionAdmin,
  uniqueName,
  type Code,
  type Page,
} from "@/test-support/api/redemptions-support";

setupApiHarness();
setupRedemptionAdmin();

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
    expect(res.json).toEqual(refusedInput(message));
    expect(await db().redemption.count()).toBe(before);
  });
});

describe("list, search, get", () => {
  test("list pages newest first with keys; search by id and name", async () => {
    const name = uniqueName();
    await create({ name, count: 2 });
    const list = await call<Page>(listRoute, "GET", "/api/redemption/?p=1&page_size=2", { cookie: session.admin });
    expect(list.json.data.items).toHaveLength(2);
    expect(list.json.data.items[0]!.name).toBe(name);
    expect(list.json.data.items[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(list.json.data.total).toBeGreaterThanOrEqual(2);

    const byName = await call<Page>(searchRoute, "GET", `/api/redemption/search?keyword=${name}&p=1&page_size=10`, {
      cookie: session.admin,
    });
    expect(byName.json.data.items.map((i) => i.name)).toEqual([name, name]);
    const id = byName.json.data.items[0]!.id;
    const byId = await call<Page>(searchRoute, "GET", `/api/redemption/search?keyword=${id}`, {
      cookie: session.admin,
    });
    expect(byId.json.data.items.map((i) => i.id)).toContain(id);

    const one = await call<Code>(idRoute, "GET", `/api/redemption/${id}`, {
      cookie: session.admin,
      params: { id: String(id) },
    });
    expect(one.json.data).toMatchObject({ id, name, status: 1, max_uses: 1, used_count: 0 });
    const missing = await call(idRoute, "GET", "/api/redemption/999999", {
      cookie: session.admin,
      params: { id: "999999" },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("兑换码不存在");
  });
});

test("new-api's expired_time (unix s, 0 = never) is valid_until on create and edit, and lists carry it", async () => {
  const name = uniqueName();
  const until = now() + 7200;
  const key = (await create({ name, expired_time: until })).json.data[0]!;
  expect(Number((await codeByKey(key)).validUntil)).toBe(until);
  // valid_until wins when both are sent
  const both = (await create({ name: uniqueName(), expired_time: until, valid_until: until + 60 })).json.data[0]!;
  expect(Number((await codeByKey(both)).validUntil)).toBe(until + 60);

  const list = await call<Page>(searchRoute, "GET", `/api/redemption/search?keyword=${name}`, {
    cookie: session.admin,
  });
  expect(list.json.data.items[0]).toMatchObject({ valid_until: until, expired_time: until });

  const id = (await codeByKey(key)).id;
  const edit = (body: Record<string, unknown>) =>
    call<Code>(listRoute, "PUT", "/api/redemption/", { cookie: session.admin, body: { id, ...body } });
  expect((await edit({ expired_time: 0 })).json.data).toMatchObject({ valid_until: 0, expired_time: 0 });
  expect(Number((await codeByKey(key)).validUntil)).toBe(0);
  expect((await edit({ expired_time: -5 })).status).toBe(400);
});

describe("PUT /api/redemption/ (edit, status)", () => {
  test("edits an unused code", async () => {
    const code = await oneCode();
    const res = await call<Code>(listRoute, "PUT", "/api/redemption/", {
      cookie: session.admin,
      body: { id: code.id, name: "renamed", quota: 4321, max_uses: 5, is_gift: true },
    });
    expect(res.json).toMatchObject({ success: true, data: { name: "renamed", quota: 4321, max_uses: 5 } });
  });

  test("refuses a bad window and a used code", async () => {
    const code = await oneCode({ valid_from: 5000 });
    const bad = await call(listRoute, "PUT", "/api/redemption/", {
      cookie: session.admin,
      body: { id: code.id, valid_until: 4000 },
    });
    expect(bad.json.message).toBe("生效时间必须早于过期时间");
    await db().redemption.update({ where: { id: code.id }, data: { status: 3 } });
    const used = await call(listRoute, "PUT", "/api/redemption/", {
      cookie: session.admin,
      body: { id: code.id, quota: 9 },
    });
    expect(used.status).toBe(400);
    expect(used.json.message).toBe("只能编辑未使用的兑换码");
    expect((await codeByKey(code.key)).quota).toBe(1000n);
  });

  test("status_only disables and enables; a used code can be neither", async () => {
    const code = await oneCode();
    const put = (id: number, status: number) =>
      call<Code>(listRoute, "PUT", "/api/redemption/?status_only=true", {
        cookie: session.admin,
        body: { id, status },
      });
    expect((await put(code.id, 2)).json.data.status).toBe(2);
    const editDisabled = await call(listRoute, "PUT", "/api/redemption/", {
      cookie: session.admin,
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
      cookie: session.admin,
    });
    expect(count.json.data).toBe(3);
    const del = await call<number>(deleteByNameRoute, "DELETE", `/api/redemption/delete-by-name?name=${name}`, {
      cookie: session.admin,
    });
    expect(del.json.data).toBe(3);
    expect(
      (await call<number>(countRoute, "GET", `/api/redemption/count-by-name?name=${name}`, { cookie: session.admin }))
        .json.data,
    ).toBe(0);
    const missing = await call(countRoute, "GET", "/api/redemption/count-by-name?name=", { cookie: session.admin });
    expect(missing.json.message).toBe("请输入兑换码名称");
    const missing2 = await call(deleteByNameRoute, "DELETE", "/api/redemption/delete-by-name", {
      cookie: session.admin,
    });
    expect(missing2.json.message).toBe("请输入兑换码名称");
  });

  test("a deleted code can no longer be listed, read or redeemed", async () => {
    const code = await oneCode();
    const res = await call(idRoute, "DELETE", `/api/redemption/${code.id}/`, {
      cookie: session.admin,
      params: { id: String(code.id) },
    });
    expect(res.json.success).toBe(true);
    const get = await call(idRoute, "GET", `/api/redemption/${code.id}`, {
      cookie: session.admin,
      params: { id: String(code.id) },
    });
    expect(get.status).toBe(404);
    const user = await createUserAndLogin();
    expect((await redeem(user.cookie, code.key)).json.message).toBe("无效的兑换码");
  });

  test("batch-disable needs a selection and disables only unused codes; delete-disabled removes them", async () => {
    const empty = await call(batchDisableRoute, "PUT", "/api/redemption/batch-disable", {
      cookie: session.admin,
      body: { ids: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe("请至少选择一个兑换码！");
    const a = await oneCode();
    const b = await oneCode();
    await db().redemption.update({ where: { id: b.id }, data: { status: 3 } });
    const res = await call<number>(batchDisableRoute, "PUT", "/api/redemption/batch-disable", {
      cookie: session.admin,
      body: { ids: [a.id, b.id] },
    });
    expect(res.json.data).toBe(1);
    expect((await codeByKey(a.key)).status).toBe(2);
    expect((await codeByKey(b.key)).status).toBe(3);
    const del = await call<number>(deleteDisabledRoute, "DELETE", "/api/redemption/delete-disabled", {
      cookie: session.admin,
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
