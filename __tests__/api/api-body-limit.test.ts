// No console /api body is read past its route's limit (review 3, N3: one anonymous chunked 300 MB
// login took the server from 103 MB to 929 MB, answered 413 only once it was all in). The production
// router (server/http/api-router.ts) with the real login and self routes on a loopback server:
// a chunked body without Content-Length is answered 413 as soon as it passes the limit, and the server
// stops reading it (the connection is closed), so the client never gets most of it out; a route that
// answers without reading (401) reads at most the limit of what follows before closing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as loginRoute from "@/app/api/user/login/route";
import * as selfRoute from "@/app/api/user/self/route";
import { createApiHandler, type RouteModule } from "@/server/http/api-router";
import { createUserAndLogin, setupApiHarness } from "@/test-support/api/harness";
import { sendChunked as sendTo } from "@/test-support/chunked-upload";

setupApiHarness();

const TOTAL = 64 * 1024 * 1024;
let server: http.Server;
let port = 0;

beforeAll(async () => {
  const handle = createApiHandler(
    [
      { pattern: "/api/user/login", load: async () => loginRoute as unknown as RouteModule },
      { pattern: "/api/user/self", load: async () => selfRoute as unknown as RouteModule },
    ],
    () => [],
  );
  server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
const sendChunked = (method: string, path: string, headers: Record<string, string> = {}) =>
  sendTo(`http://127.0.0.1:${port}`, method, path, TOTAL, headers);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("an anonymous chunked login past 512 KB: 413 at once, and the rest is never read", async () => {
  const r = await sendChunked("POST", "/api/user/login");
  expect(r.status).toBe(413);
  expect(r.body).toContain('"message":"请求体过大"');
  expect(r.closed).toBe(true);
  // the server read about the limit; what the client got out beyond it sat in socket buffers
  expect(r.sent).toBeLessThan(TOTAL / 4);
});

test("an authenticated route past its 2 MB: the same", async () => {
  const me = await createUserAndLogin();
  const r = await sendChunked("PUT", "/api/user/self", { cookie: me.cookie });
  expect(r.status).toBe(413);
  expect(r.body).toContain('"success":false');
  expect(r.closed).toBe(true);
  expect(r.sent).toBeLessThan(TOTAL / 4);
});

test("a route that answers before reading (401): what follows is dropped only up to the limit", async () => {
  const r = await sendChunked("PUT", "/api/user/self");
  expect(r.status).toBe(401);
  expect(r.closed).toBe(true);
  expect(r.sent).toBeLessThan(TOTAL / 4);
});
