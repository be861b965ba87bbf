// The production server's console API router (server/http/api-router.ts): the route table built
// from app/api, Next's precedence and param decoding, and the HTTP answers Next's app router gives
// (HEAD via GET, OPTIONS, cookies, config headers), over a real loopback server; unlike Next, a
// method no route serves falls through to a 404 JSON envelope, and [id] takes decimal ids only.
import http from "node:http";
import path from "node:path";
import { NextResponse } from "next/server";
import { apiRouteFiles } from "@/scripts/api-route-table.mjs";
import { createApiHandler, createApiMatcher, type ApiRouteEntry, type RouteModule } from "@/server/http/api-router";
import type { WrappedHandler } from "@/lib/server/http/route";

const root = path.resolve(__dirname, "../..");
const table = apiRouteFiles(root);
const entries: ApiRouteEntry[] = table.map((r) => ({
  pattern: r.pattern,
  load: async () => ({ pattern: r.pattern }) as unknown as RouteModule,
}));
const match = createApiMatcher(entries);
const patternOf = async (p: string) => {
  const m = match(p);
  return m ? { pattern: ((await m.load()) as unknown as { pattern: string }).pattern, params: m.params } : null;
};

describe("the route table", () => {
  it("lists every route file of app/api with Next's URL pattern", () => {
    expect(table.length).toBeGreaterThan(90);
    const patterns = table.map((r) => r.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["/api/status", "/api/token/[id]/key", "/api/[...path]"]));
    for (const r of table) expect(path.relative(path.join(root, "app"), r.file)).toBe(`${r.pattern.slice(1)}/route.ts`);
  });

  it("prefers static segments, then [param], then [...catchAll], and decodes params", async () => {
    expect(await patternOf("/api/status")).toEqual({ pattern: "/api/status", params: {} });
    expect(await patternOf("/api/oauth/state")).toEqual({ pattern: "/api/oauth/state", params: {} });
    expect(await patternOf("/api/oauth/github")).toEqual({
      pattern: "/api/oauth/[provider]",
      params: { provider: "github" },
    });
    expect(await patternOf("/api/token/12/key")).toEqual({ pattern: "/api/token/[id]/key", params: { id: "12" } });
    // [id] takes decimal ids only: a name is not an id (new-api's ids are numbers).
    expect(await patternOf("/api/channel/%E4%B8%AD")).toEqual({
      pattern: "/api/[...path]",
      params: { path: ["channel", "中"] },
    });
    expect(await patternOf("/api/user/oauth_bindings")).toEqual({
      pattern: "/api/[...path]",
      params: { path: ["user", "oauth_bindings"] },
    });
    expect(await patternOf("/api/user/007")).toEqual({ pattern: "/api/user/[id]", params: { id: "007" } });
    expect(await patternOf("/api/nope/a/b")).toEqual({
      pattern: "/api/[...path]",
      params: { path: ["nope", "a", "b"] },
    });
  });

  it("matches nothing for a malformed escape instead of throwing", () => {
    expect(match("/api/channel/%E4")).toBeNull();
  });
});

describe("answers over HTTP", () => {
  let server: http.Server;
  let base = "";
  const seen: { method: string; body: string; params: unknown; url: string }[] = [];
  const handler = (fn: (req: Request, params: unknown) => Promise<Response>) =>
    Object.assign(async (req: Request, ctx: { params: Promise<unknown> }) => fn(req, await ctx.params), {
      role: "public",
    }) as unknown as WrappedHandler;
  const echo = handler(async (req, params) => {
    const body = req.method === "GET" || req.method === "HEAD" ? "" : await req.text();
    seen.push({ method: req.method, body, params, url: req.url });
    const res = NextResponse.json({ success: true, message: "", data: body }, { headers: { "x-own": "1" } });
    res.cookies.set("a", "1", { httpOnly: true });
    res.cookies.set("b", "2");
    return res;
  });
  const refuse = handler(async () => NextResponse.json({ success: false, message: "no" }, { status: 401 }));
  const routes: ApiRouteEntry[] = [
    { pattern: "/api/echo/[id]", load: async () => ({ GET: echo, POST: echo }) },
    { pattern: "/api/refuse", load: async () => ({ POST: refuse }) },
    {
      pattern: "/api/boom",
      load: async () => ({
        GET: handler(async () => {
          throw new Error("escaped");
        }),
      }),
    },
  ];

  beforeAll(async () => {
    const api = createApiHandler(routes, (p) => (p.startsWith("/api") ? [["X-Frame-Options", "SAMEORIGIN"]] : []));
    server = http.createServer((req, res) => void api(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it("calls the handler with the body, params and an absolute URL (NextURL's localhost), and keeps every cookie", async () => {
    const res = await fetch(`${base}/api/echo/7?x=1`, { method: "POST", body: '{"k":"中"}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "", data: '{"k":"中"}' });
    expect(res.headers.get("x-own")).toBe("1");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/"]);
    expect(seen.at(-1)).toMatchObject({
      method: "POST",
      params: { id: "7" },
      url: `${base.replace("127.0.0.1", "localhost")}/api/echo/7?x=1`,
    });
  });

  it("answers HEAD with GET's headers and no body, OPTIONS with Allow, other methods 404 JSON", async () => {
    const head = await fetch(`${base}/api/echo/1`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toContain("application/json");
    expect(await head.text()).toBe("");
    const options = await fetch(`${base}/api/echo/1`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    const del = await fetch(`${base}/api/echo/1`, { method: "DELETE", headers: { "accept-language": "en" } });
    expect(del.status).toBe(404);
    expect(await del.json()).toEqual({ success: false, message: "Not found" });
    expect(del.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("drops a body the handler did not read, so the next request of the connection is served", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, p: string, body?: Buffer) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.request(`${base}${p}`, { method, agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, socket: req.socket }));
        });
        req.setTimeout(5_000, () => req.destroy(new Error("no answer: the connection is stuck")));
        req.on("error", reject);
        req.end(body);
      });
    try {
      const first = await send("POST", "/api/refuse", Buffer.alloc(1 << 20, 0x61)); // 1 MB, never read
      expect(first.status).toBe(401);
      const second = await send("GET", "/api/echo/2");
      expect(second.status).toBe(200);
      expect(second.socket).toBe(first.socket); // the same keep-alive connection
    } finally {
      agent.destroy();
    }
  });

  it("answers 404 without a route and 500 (JSON) when a handler throws past its wrapper", async () => {
    const none = await fetch(`${base}/api/none`);
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ success: false, message: expect.stringMatching(/\S/) });
    // A name where an id goes matches no [id] route.
    expect((await fetch(`${base}/api/echo/abc`)).status).toBe(404);
    const boom = await fetch(`${base}/api/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.json()).toMatchObject({ success: false });
  });
});
