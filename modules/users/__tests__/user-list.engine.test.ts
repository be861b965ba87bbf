// GET /api/user/ and /api/user/search: the admin user table's calls.
import * as listRoute from "@/app/api/user/route";
import * as searchRoute from "@/app/api/user/search/route";
import { db } from "@/lib/server/db";
import {
  call,
  createUser,
  createUserAndLogin,
  login,
  ROOT_USER,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

type Page = { items: Record<string, unknown>[]; total: number; page: number; page_size: number };
let rootCookie = "";

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  await createUser({ username: "listed-a", email: "a@example.com" });
  await createUser({ username: "listed-b", group: "vip" });
  const c = await createUser({ username: "listed-c" });
  await db().user.update({
    where: { id: c.id },
    data: { setting: JSON.stringify({ webhook_secret: "s3cret", notify_type: "webhook" }) },
  });
});

test("pages newest first with the total", async () => {
  const res = await call<Page>(listRoute, "GET", "/api/user/?p=1&page_size=2", { cookie: rootCookie });
  expect(res.status).toBe(200);
  expect(res.json.data.items).toHaveLength(2);
  expect(res.json.data.items[0]?.username).toBe("listed-c");
  expect(res.json.data).toMatchObject({ page: 1, page_size: 2 });
  expect(res.json.data.total).toBeGreaterThanOrEqual(4);
  const page2 = await call<Page>(listRoute, "GET", "/api/user/?p=2&page_size=2", { cookie: rootCookie });
  expect(page2.json.data.items[0]?.username).toBe("listed-a");
});

test("never shows password hashes or the owner's webhook secret", async () => {
  const res = await call<Page>(listRoute, "GET", "/api/user/?p=1&page_size=100", { cookie: rootCookie });
  const text = JSON.stringify(res.json);
  expect(text).not.toMatch(/\$2[aby]\$/);
  expect(text).not.toContain("s3cret");
  expect(text).toContain("notify_type");
});

test("search by keyword, id and group", async () => {
  const byName = await call<Page>(searchRoute, "GET", "/api/user/search?keyword=listed-&p=1&page_size=10", {
    cookie: rootCookie,
  });
  expect(byName.json.data.items.map((u) => u.username).sort()).toEqual(["listed-a", "listed-b", "listed-c"]);
  const byEmail = await call<Page>(searchRoute, "GET", "/api/user/search?keyword=a%40example", { cookie: rootCookie });
  expect(byEmail.json.data.items.map((u) => u.username)).toEqual(["listed-a"]);
  const id = byEmail.json.data.items[0]?.id;
  const byId = await call<Page>(searchRoute, "GET", `/api/user/search?keyword=${id}`, { cookie: rootCookie });
  expect(byId.json.data.items.map((u) => u.id)).toContain(id);
  const byGroup = await call<Page>(searchRoute, "GET", "/api/user/search?keyword=listed&group=vip", {
    cookie: rootCookie,
  });
  expect(byGroup.json.data.items.map((u) => u.username)).toEqual(["listed-b"]);
});

test("ordinary users and visitors are refused", async () => {
  const user = await createUserAndLogin();
  expect((await call(listRoute, "GET", "/api/user/", { cookie: user.cookie })).status).toBe(403);
  expect((await call(searchRoute, "GET", "/api/user/search?keyword=a", { cookie: user.cookie })).status).toBe(403);
  expect((await call(listRoute, "GET", "/api/user/")).status).toBe(401);
});
