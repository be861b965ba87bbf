// Walks every /api route that exists (app/api/**/route.ts) and checks that each exported HTTP
// handler declares a role through route() and that the role is enforced: anonymous callers get 401,
// ordinary users 403 on admin/root routes, admins 403 on root routes. New routes are picked up
// automatically, so a handler added without route() (or with the wrong role) fails here.
import fs from "node:fs";
import path from "node:path";
import { ROLE } from "@/lib/constants";
import {
  call,
  createUserAndLogin,
  HTTP_METHODS,
  setupRoot,
  setupApiHarness,
  type HttpMethod,
  type RouteModule,
} from "@/test-support/api/harness";

setupApiHarness();

const API_DIR = path.resolve(__dirname, "..", "..", "app", "api");
type Role = "public" | "user" | "admin" | "root";

type RouteFile = { file: string; urlPath: string; params: Record<string, string | string[]>; catchAll: boolean };

/** app/api/user/[id]/route.ts -> /api/user/1 with params { id: "1" }. */
function describeRoute(file: string): RouteFile {
  const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
  const params: RouteFile["params"] = {};
  let catchAll = false;
  const urlSegments = segments
    .filter((s) => !/^\(.*\)$/.test(s)) // route groups do not appear in the URL
    .map((s) => {
      const rest = /^\[\[?\.\.\.(\w+)\]?\]$/.exec(s);
      if (rest) {
        catchAll = true;
        params[rest[1]!] = ["x"];
        return "x";
      }
      const single = /^\[(\w+)\]$/.exec(s);
      if (single) {
        params[single[1]!] = "1";
        return "1";
      }
      return s;
    });
  return { file, urlPath: ["/api", ...urlSegments].join("/"), params, catchAll: catchAll && segments.length === 1 };
}

function findRouteFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /^route\.(ts|tsx|js)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const routes = findRouteFiles(API_DIR).map(describeRoute);
const cookies: Partial<Record<"user" | "admin", string>> = {};

beforeAll(async () => {
  await setupRoot();
  cookies.user = (await createUserAndLogin({ role: ROLE.user })).cookie;
  cookies.admin = (await createUserAndLogin({ role: ROLE.admin })).cookie;
});

test("finds the route files (sanity check of the walker)", () => {
  const paths = routes.map((r) => r.urlPath);
  expect(paths).toEqual(expect.arrayContaining(["/api/status", "/api/setup", "/api/user/self", "/api/user/login"]));
  expect(routes.filter((r) => r.catchAll)).toHaveLength(1);
});

describe.each(routes.map((r) => [path.relative(process.cwd(), r.file), r] as const))("%s", (_name, route) => {
  test("every exported HTTP handler declares a role and the role is enforced", async () => {
    const mod = (await import(route.file)) as RouteModule;
    const methods = HTTP_METHODS.filter((m) => m in mod);
    expect(methods.length).toBeGreaterThan(0);

    for (const method of methods) {
      const handler = (mod as Record<string, unknown>)[method] as { role?: unknown } | undefined;
      const where = `${method} ${route.urlPath}`;
      expect({ where, isFunction: typeof handler === "function" }).toEqual({ where, isFunction: true });
      const role = handler!.role as Role | undefined;
      // A handler without a role was not built with route(): it bypasses auth, validation and the envelope.
      expect({ where, role }).toEqual({ where, role: expect.stringMatching(/^(public|user|admin|root)$/) });
      if (route.catchAll) expect({ where, role }).toEqual({ where, role: "public" });

      const send = (cookie?: string) =>
        call(mod, method as HttpMethod, route.urlPath, {
          cookie,
          params: route.params,
          body: method === "GET" || method === "HEAD" ? undefined : {},
        });

      if (route.catchAll) {
        const res = await send();
        expect({ where, status: res.status, success: res.json.success }).toEqual({
          where,
          status: 404,
          success: false,
        });
        continue;
      }
      if (role === "public") continue;

      const anonymous = await send();
      expect({ where, caller: "anonymous", status: anonymous.status }).toEqual({
        where,
        caller: "anonymous",
        status: 401,
      });
      expect(anonymous.json.success).toBe(false);
      if (role === "admin" || role === "root") {
        const res = await send(cookies.user);
        expect({ where, caller: "user", status: res.status }).toEqual({ where, caller: "user", status: 403 });
      }
      if (role === "root") {
        const res = await send(cookies.admin);
        expect({ where, caller: "admin", status: res.status }).toEqual({ where, caller: "admin", status: 403 });
      }
    }
  });
});
