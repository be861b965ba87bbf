// /api/token/*: the caller's own tokens. Create / list / search / get / key / update / status /
// delete, the spec's validation messages, and that nobody reads or changes another user's token by
// id (every refusal answers like a missing token and changes nothing).
import * as tokenRoute from "@/app/api/token/route";
import * as idRoute from "@/app/api/token/[id]/route";
import * as keyRoute from "@/app/api/token/[id]/key/route";
import * as searchRoute from "@/app/api/token/search/route";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

type TokenDto = { id: number; name: string; key: string; status: number; remain_quota: number; group: string };
type Page = { items: TokenDto[]; total: number };

async function createToken(cookie: string, body: Record<string, unknown>) {
  return call<TokenDto>(tokenRoute, "POST", "/api/token/", { cookie, body });
}

async function tokenRow(id: number) {
  return db().token.findUniqueOrThrow({ where: { id } });
}

describe("own tokens", () => {
  test("create returns the full key once; lists and gets show it masked", async () => {
    const user = await createUserAndLogin();
    const created = await createToken(user.cookie, { name: "laptop", remain_quota: 1000 });
    expect(created.json.success).toBe(true);
    const { id, key } = created.json.data;
    expect(key).toMatch(/^sk-[A-Za-z0-9]{20,}$/);

    const list = await call<Page>(tokenRoute, "GET", "/api/token/?p=1&size=10", { cookie: user.cookie });
    expect(list.json.data.total).toBe(1);
    expect(list.json.data.items[0]).toMatchObject({ id, name: "laptop", remain_quota: 1000, status: 1 });
    // new-api's mask: first 4 + 10 stars + last 4, no "sk-" (its clients add the prefix).
    expect(list.json.data.items[0]!.key).toBe(`${key.slice(3, 7)}**********${key.slice(-4)}`);

    const one = await call<TokenDto>(idRoute, "GET", `/api/token/${id}`, {
      cookie: user.cookie,
      params: { id: String(id) },
    });
    expect(one.json.data.key).not.toBe(key);

    const full = await call<{ key: string }>(keyRoute, "POST", `/api/token/${id}/key`, {
      cookie: user.cookie,
      params: { id: String(id) },
    });
    // Without "sk-", as in new-api: a client adding the prefix itself gets back the created key.
    expect(full.json.data.key).toBe(key.slice(3));
    expect(`sk-${full.json.data.key}`).toBe(key);
  });

  test("validation messages of the token form", async () => {
    const user = await createUserAndLogin();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "请输入令牌名称"],
      [{ name: "x".repeat(51) }, "令牌名称过长"],
      [{ name: "a", remain_quota: 1.5 }, "额度必须是整数"],
      [{ name: "a", remain_quota: -1 }, "额度超出允许范围"],
      [{ name: "a", expired_time: 0 }, "过期时间格式错误！"],
    ];
    for (const [body, message] of cases) {
      const res = await createToken(user.cookie, body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(await db().token.count({ where: { userId: user.id } })).toBe(0);
  });

  test("a body with several wrong fields: the first in message (new-api's shape), every one in issues", async () => {
    const user = await createUserAndLogin();
    const res = await call<null>(tokenRoute, "POST", "/api/token/", {
      cookie: user.cookie,
      body: { name: "", remain_quota: 1.5, expired_time: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      success: false,
      message: "请输入令牌名称",
      issues: [
        { path: ["name"], message: "请输入令牌名称" },
        { path: ["remain_quota"], message: "额度必须是整数" },
        { path: ["expired_time"], message: "过期时间格式错误！" },
      ],
    });
  });

  test("update, status-only update and delete", async () => {
    const user = await createUserAndLogin();
    const { id } = (await createToken(user.cookie, { name: "old" })).json.data;
    const updated = await call(tokenRoute, "PUT", "/api/token/", {
      cookie: user.cookie,
      body: { id, name: "new", remain_quota: 42 },
    });
    expect(updated.json.success).toBe(true);
    expect(await tokenRow(id)).toMatchObject({ name: "new", remainQuota: 42n });

    const disabled = await call(tokenRoute, "PUT", "/api/token/?status_only=true", {
      cookie: user.cookie,
      body: { id, status: 2 },
    });
    expect(disabled.json.success).toBe(true);
    expect((await tokenRow(id)).status).toBe(2);

    const deleted = await call(idRoute, "DELETE", `/api/token/${id}/`, {
      cookie: user.cookie,
      params: { id: String(id) },
    });
    expect(deleted.json.success).toBe(true);
    const gone = await call(idRoute, "GET", `/api/token/${id}`, { cookie: user.cookie, params: { id: String(id) } });
    expect(gone.json).toMatchObject({ success: false, message: "令牌不存在" });
  });

  test("search matches the caller's tokens by name and by key", async () => {
    const user = await createUserAndLogin();
    const a = (await createToken(user.cookie, { name: "alpha-one" })).json.data;
    await createToken(user.cookie, { name: "beta" });
    const byName = await call<Page>(searchRoute, "GET", "/api/token/search?keyword=alpha", { cookie: user.cookie });
    expect(byName.json.data.items.map((t) => t.id)).toEqual([a.id]);
    const byKey = await call<Page>(searchRoute, "GET", `/api/token/search?token=${a.key.slice(3, 15)}`, {
      cookie: user.cookie,
    });
    expect(byKey.json.data.items.map((t) => t.id)).toEqual([a.id]);
  });
});

describe("another user's token", () => {
  test("cannot be read, revealed, changed, disabled or deleted by id", async () => {
    const owner = await createUserAndLogin();
    const intruder = await createUserAndLogin();
    const { id, key } = (await createToken(owner.cookie, { name: "private", remain_quota: 777 })).json.data;
    const params = { id: String(id) };
    const before = await tokenRow(id);

    const attempts = [
      await call(idRoute, "GET", `/api/token/${id}`, { cookie: intruder.cookie, params }),
      await call(keyRoute, "POST", `/api/token/${id}/key`, { cookie: intruder.cookie, params }),
      await call(tokenRoute, "PUT", "/api/token/", {
        cookie: intruder.cookie,
        body: { id, name: "stolen", remain_quota: 999_999 },
      }),
      await call(tokenRoute, "PUT", "/api/token/?status_only=true", {
        cookie: intruder.cookie,
        body: { id, status: 2 },
      }),
      await call(idRoute, "DELETE", `/api/token/${id}/`, { cookie: intruder.cookie, params }),
    ];
    for (const res of attempts) {
      expect(res.json).toMatchObject({ success: false, message: "令牌不存在" });
      expect(JSON.stringify(res.json)).not.toContain(key);
    }
    expect(await tokenRow(id)).toEqual(before);

    const list = await call<Page>(tokenRoute, "GET", "/api/token/", { cookie: intruder.cookie });
    expect(list.json.data.total).toBe(0);
    const search = await call<Page>(searchRoute, "GET", `/api/token/search?token=${key.slice(3, 15)}`, {
      cookie: intruder.cookie,
    });
    expect(search.json.data.items).toEqual([]);
  });

  test("visitors are refused every token call", async () => {
    const owner = await createUserAndLogin();
    const { id } = (await createToken(owner.cookie, { name: "t" })).json.data;
    const params = { id: String(id) };
    const results = [
      await call(tokenRoute, "GET", "/api/token/"),
      await call(tokenRoute, "POST", "/api/token/", { body: { name: "x" } }),
      await call(idRoute, "GET", `/api/token/${id}`, { params }),
      await call(keyRoute, "POST", `/api/token/${id}/key`, { params }),
      await call(idRoute, "DELETE", `/api/token/${id}/`, { params }),
    ];
    for (const res of results) expect(res.status).toBe(401);
    expect(await db().token.count({ where: { userId: owner.id } })).toBe(1);
  });
});
