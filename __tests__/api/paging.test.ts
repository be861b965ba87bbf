// Paging as new-api clients send it (issue 22 B3): page_size above 100 is clamped to 100, not
// refused, and ?ps is an alias of ?page_size (page_size wins); 0 / negative / non-numbers stay 400.
import * as userRoute from "@/app/api/user/route";
import * as tokenRoute from "@/app/api/token/route";
import * as logRoute from "@/app/api/log/self/route";
import {
  ROOT_USER,
  call,
  createUser,
  createUserAndLogin,
  login,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

type Page = { items: unknown[]; total: number; page: number; page_size: number };

test("page_size above 100 is clamped; ps is an alias; bad sizes are refused", async () => {
  await setupRoot();
  const root = await login(ROOT_USER.username, ROOT_USER.password);
  for (let i = 0; i < 3; i++) await createUser();
  const list = (qs: string) => call<Page>(userRoute, "GET", `/api/user/${qs}`, { cookie: root });

  const big = await list("?p=1&page_size=1000");
  expect(big.status).toBe(200);
  expect(big.json.data).toMatchObject({ page: 1, page_size: 100, total: 4 });
  expect(big.json.data.items).toHaveLength(4);

  const ps = await list("?p=1&ps=2");
  expect(ps.json.data).toMatchObject({ page_size: 2, total: 4 });
  expect(ps.json.data.items).toHaveLength(2);
  expect((await list("?p=2&ps=3")).json.data.items).toHaveLength(1);
  expect((await list("?ps=500")).json.data.page_size).toBe(100);
  expect((await list("?page_size=3&ps=1")).json.data.page_size).toBe(3);

  for (const bad of ["?page_size=0", "?ps=-1", "?page_size=abc", "?page_size=2.5"]) {
    const res = await list(bad);
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
  }
});

test("the same rules on the token list (size / page_size / ps) and the logs", async () => {
  const user = await createUserAndLogin();
  for (const name of ["a", "b", "c"]) {
    expect((await call(tokenRoute, "POST", "/api/token/", { cookie: user.cookie, body: { name } })).json.success).toBe(
      true,
    );
  }
  const tokens = (qs: string) => call<Page>(tokenRoute, "GET", `/api/token/${qs}`, { cookie: user.cookie });
  expect((await tokens("?p=1&size=1000")).json.data).toMatchObject({ page_size: 100, total: 3 });
  expect((await tokens("?p=1&page_size=101")).json.data.page_size).toBe(100);
  const aliased = await tokens("?p=1&ps=2");
  expect(aliased.json.data.page_size).toBe(2);
  expect(aliased.json.data.items).toHaveLength(2);
  const logs = await call<Page>(logRoute, "GET", "/api/log/self/?p=1&page_size=5000", { cookie: user.cookie });
  expect(logs.status).toBe(200);
  expect(logs.json.data.page_size).toBe(100);
});
