// Issue 41, "the rest of the contract": through the production /api router with the real route
// table (server/http/api-router.ts, every app/api route file), a path or method we do not serve
// answers 404 {success:false,message} whatever the method and the caller, never a 405 with an empty
// body, and is never caught by an [id] route (new-api's ids are numbers). Served neighbours still are.
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { apiRouteFiles } from "@/scripts/api-route-table.mjs";
import { createApiHandler, type RouteModule } from "@/server/http/api-router";
import { ROLE } from "@/lib/constants";
import { createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

const root = path.resolve(__dirname, "../..");
let server: http.Server;
let base = "";
const cookies: Record<string, string | undefined> = { anonymous: undefined };

beforeAll(async () => {
  const entries = apiRouteFiles(root).map((r: { pattern: string; file: string }) => ({
    pattern: r.pattern,
    load: () => import(r.file) as Promise<RouteModule>,
  }));
  const handle = createApiHandler(entries, () => []);
  server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await setupRoot();
  cookies.root = await login(ROOT_USER.username, ROOT_USER.password);
  cookies.admin = (await createUserAndLogin({ role: ROLE.admin })).cookie;
  cookies.user = (await createUserAndLogin()).cookie;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function send(method: string, p: string, cookie?: string, language = "zh") {
  const headers: Record<string, string> = { "accept-language": language };
  if (cookie) headers.cookie = cookie;
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") headers["content-type"] = "application/json";
  const res = await fetch(`${base}${p}`, {
    method,
    headers,
    body: headers["content-type"] ? "{}" : undefined,
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", text };
}

const UNSERVED: [string, string][] = [
  // named paths under an [id] route that this gateway does not serve (new-api's or none)
  ["GET", "/api/user/oauth_bindings"],
  ["POST", "/api/user/oauth_bindings"],
  ["GET", "/api/rankings"],
  ["GET", "/api/performance/stats"],
  ["GET", "/api/channel/ops"],
  ["DELETE", "/api/redemption/invalid"],
  ["GET", "/api/models/"],
  ["POST", "/api/models/"],
  // Methods a served path does not take: 404 JSON, not 405 with an empty body.
  ["PUT", "/api/status"],
  ["PATCH", "/api/user/self"],
  ["DELETE", "/api/token/auto-groups"],
  ["OPTIONS", "/api/no/such/path"],
];

test.each(UNSERVED)("%s %s answers 404 {success:false,message} for every caller", async (method, p) => {
  for (const [who, cookie] of Object.entries(cookies)) {
    const res = await send(method, p, cookie);
    expect([who, res.status]).toEqual([who, 404]);
    expect(res.type).toContain("application/json");
    expect(JSON.parse(res.text)).toEqual({ success: false, message: expect.stringMatching(/\S/) });
  }
});

test("the 404 is in the caller's language", async () => {
  const zh = JSON.parse((await send("GET", "/api/user/oauth_bindings", cookies.user, "zh")).text).message;
  const en = JSON.parse((await send("GET", "/api/user/oauth_bindings", cookies.user, "en")).text).message;
  expect(en).toBe("Not found");
  expect(zh).not.toBe(en);
});

test("served neighbours are still served: numeric ids, auto-groups, the dashboard models, OPTIONS", async () => {
  // /api/user/{id} is an admin's: a user is refused, root reads it.
  expect((await send("GET", "/api/user/1", cookies.user)).status).toBe(403);
  expect(JSON.parse((await send("GET", "/api/user/1", cookies.root)).text)).toMatchObject({ success: true });
  expect((await send("GET", "/api/channel/999999", cookies.admin)).status).toBe(404);
  expect(JSON.parse((await send("GET", "/api/token/auto-groups", cookies.user)).text)).toMatchObject({
    success: true,
    data: { groups: expect.any(Array), max_count: expect.any(Number) },
  });
  expect(JSON.parse((await send("GET", "/api/models", cookies.user)).text)).toMatchObject({ success: true });
  const options = await send("OPTIONS", "/api/status");
  expect(options.status).toBe(204);
  const head = await send("HEAD", "/api/user/oauth_bindings", cookies.user);
  expect([head.status, head.text]).toEqual([404, ""]);
});
