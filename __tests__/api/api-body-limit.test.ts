// No console /api body is read past its route's limit (review 3, N3: one anonymous chunked 300 MB
// login took the server from 103 MB to 929 MB, answered 413 only once it was all in). The production
// router (lib/server/http/api-router.ts) with the real login and self routes on a loopback server:
// a chunked body without Content-Length is answered 413 as soon as it passes the limit, and the server
// stops reading it (the connection is closed), so the client never gets most of it out; a route that
// answers without reading (401) reads at most the limit of what follows before closing.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import * as loginRoute from "@/app/api/user/login/route";
import * as selfRoute from "@/app/api/user/self/route";
import { createApiHandler, type RouteModule } from "@/lib/server/http/api-router";
import { createUserAndLogin, setupApiHarness } from "./harness";

setupApiHarness();

const MB = 1024 * 1024;
const TOTAL = 64 * MB;
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
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Outcome = { status: number; body: string; sent: number; closed: boolean };

/**
 * Sends up to TOTAL bytes of spaces as a chunked body (64 KB chunks, waiting for the socket to take
 * each), stopping once an answer arrives or the connection closes; then waits (5 s at most) for the
 * server to close the connection.
 */
async function sendChunked(method: string, path: string, headers: Record<string, string> = {}): Promise<Outcome> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  let closed = false;
  // closed by the server: its FIN after the answer, or a reset
  const closing = new Promise<void>((resolve) => {
    const done = () => ((closed = true), resolve());
    socket.once("end", done).once("close", done);
  });
  socket.on("error", () => undefined);
  const parts: Buffer[] = [];
  socket.on("data", (d: Buffer) => {
    parts.push(d);
    received += d.toString("latin1");
  });
  const head = Object.entries({ host: "localhost", "content-type": "application/json", ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  socket.write(`${method} ${path} HTTP/1.1\r\n${head}transfer-encoding: chunked\r\n\r\n`);
  const chunk = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 0x20), Buffer.from("\r\n")]);
  let sent = 0;
  while (sent < TOTAL && !closed && !received.includes("\r\n\r\n")) {
    const wrote = socket.write(chunk);
    sent += 0x10000;
    if (!wrote)
      await Promise.race([
        new Promise((resolve) => socket.once("drain", resolve)),
        closing,
        new Promise((resolve) => socket.once("data", resolve)),
      ]);
  }
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  socket.destroy();
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
  const text = Buffer.concat(parts).toString("utf8");
  return { status, body: text.slice(text.indexOf("\r\n\r\n") + 4), sent, closed };
}

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
