// Issue 17 item 8: GETs that change state get the cross-site refusal of writes. A cross-site
// top-level navigation (Sec-Fetch-Site: cross-site, no Origin, or a foreign Referer) cannot rotate
// the access token, start channel tests or balance refreshes, or log the victim out; the console's
// own same-origin calls and scripts without any of these headers keep working.
import * as logoutRoute from "@/app/api/user/logout/route";
import * as tokenRoute from "@/app/api/user/token/route";
import * as testAllRoute from "@/app/api/channel/test/route";
import * as testOneRoute from "@/app/api/channel/test/[id]/route";
import * as balanceAllRoute from "@/app/api/channel/update_balance/route";
import * as balanceOneRoute from "@/app/api/channel/update_balance/[id]/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, setupApiHarness, setupRoot, type RouteModule } from "@/test-support/api/harness";
import { createVerifiedUser } from "@/test-support/api/security-support";

setupApiHarness();

const REFUSED = { success: false, message: "跨站请求已被拒绝" };
const NAVIGATION = { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };
const FOREIGN_REFERER = { referer: "https://evil.example/page" };
const SAME_ORIGIN = { "sec-fetch-site": "same-origin", referer: "http://localhost/app/me" };

let user: Awaited<ReturnType<typeof createUserAndLogin>>;
let admin: Awaited<ReturnType<typeof createUserAndLogin>>;

beforeAll(async () => {
  await setupRoot();
  user = await createVerifiedUser();
  admin = await createUserAndLogin({ role: ROLE.admin });
});

const tokenHash = async () =>
  (await db().user.findUniqueOrThrow({ where: { id: user.id }, select: { accessTokenHash: true } })).accessTokenHash;

test("GET /api/user/token: a cross-site navigation does not rotate the access token", async () => {
  const first = await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: user.cookie, headers: SAME_ORIGIN });
  expect(first.status).toBe(200);
  const before = await tokenHash();
  for (const headers of [NAVIGATION, FOREIGN_REFERER, { "sec-fetch-site": "same-site" }]) {
    const res = await call(tokenRoute, "GET", "/api/user/token", { cookie: user.cookie, headers });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject(REFUSED);
    expect(await tokenHash()).toBe(before);
  }
  // A script (no Origin, Referer or Sec-Fetch-*) still rotates it.
  const script = await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: user.cookie });
  expect(script.status).toBe(200);
  expect(await tokenHash()).not.toBe(before);
});

test("GET /api/user/logout: a cross-site navigation does not clear the session", async () => {
  const res = await call(logoutRoute, "GET", "/api/user/logout", { cookie: user.cookie, headers: NAVIGATION });
  expect(res.status).toBe(403);
  expect(res.setCookie).toEqual([]);
  const own = await call(logoutRoute, "GET", "/api/user/logout", { cookie: user.cookie, headers: SAME_ORIGIN });
  expect(own.status).toBe(200);
  expect(own.setCookie.length).toBe(1);
});

const CHANNEL_GETS: [string, RouteModule, string, Record<string, string>][] = [
  ["test all", testAllRoute, "/api/channel/test", {}],
  ["test one", testOneRoute, "/api/channel/test/999999", { id: "999999" }],
  ["update all balances", balanceAllRoute, "/api/channel/update_balance", {}],
  ["update one balance", balanceOneRoute, "/api/channel/update_balance/999999", { id: "999999" }],
];

test.each(CHANNEL_GETS)("channel %s: refused cross-site before anything runs", async (_name, mod, url, params) => {
  for (const headers of [NAVIGATION, FOREIGN_REFERER]) {
    const res = await call(mod, "GET", url, { cookie: admin.cookie, headers, params });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject(REFUSED);
  }
});

test("a channel that does not exist still answers 404 to the console and to scripts (the check passes them)", async () => {
  for (const headers of [SAME_ORIGIN, {}]) {
    const res = await call(testOneRoute, "GET", "/api/channel/test/999999", {
      cookie: admin.cookie,
      headers,
      params: { id: "999999" },
    });
    expect(res.status).toBe(404);
  }
});
