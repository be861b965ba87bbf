// docs/compatibility.md is a contract (issue 41): every route its tables list is called here, through
// the production edge (server/edge-routes.ts: the /api router with every app/api route file, the
// relay's handler, the probe, health and metrics), as root with a session (/api) or a key (relay), and
// anonymously under "Public", with an empty body. A row that says served must be answered by a real
// handler: on /api not the catch-all's 404 (each answer names the route file that served it, a header
// this test adds), on the relay not "Invalid URL"; a row that says not served must get the unknown
// path's answer. Never a 405, never a 5xx (but new-api's 501 where the row says so). And every route
// file's method this gateway serves is listed by some row, so the doc cannot forget a route either.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import type { AddressInfo } from "node:net";
import { apiRouteFiles } from "@/scripts/api-route-table.mjs";
import { createApiHandler, type RouteModule } from "@/server/http/api-router";
import { edgeRouteFor, withoutApiTrailingSlash } from "@/server/edge-routes";
import { answerProbe, handleHealth } from "@/server/health";
import { handleMetrics } from "@/lib/server/metrics/handler";
import { handleRelay } from "@/relay/entry/handler";
import { handleUpgrade } from "@/relay/entry/upgrade";
import { REALTIME_PATH } from "@/relay/kernel/realtime-wire";
import { CLIENT_IP_HEADER } from "@/lib/server/client-ip";
import * as tokenRoute from "@/app/api/token/route";
import { call, login, ROOT_USER, setOptions, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import { parseCompatibilityDoc, type DocCall, type DocRow } from "@/test-support/api/compatibility-doc";

setupApiHarness();

const root = path.resolve(__dirname, "../..");
const { rows, errors } = parseCompatibilityDoc(fs.readFileSync(path.join(root, "docs/compatibility.md"), "utf8"));
const ROUTE_HEADER = "x-test-route-file";
const CATCH_ALL = "/api/[...path]";
const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;

let server: http.Server;
let base = "";
let rootCookie = "";
let rootKey = "";
/** "METHOD /api/pattern" of every route file's handler a doc call reached. */
const reached = new Set<string>();

/** A route module whose answers name their route file (the catch-all's 404 among them). */
function tagged(pattern: string, mod: RouteModule): RouteModule {
  const out: RouteModule = {};
  for (const method of METHODS) {
    const handler = mod[method];
    if (!handler) continue;
    const wrapped = Object.assign(async (...args: Parameters<typeof handler>) => {
      reached.add(`${method} ${pattern}`);
      const res = await handler(...args);
      const headers = new Headers(res.headers);
      headers.set(ROUTE_HEADER, pattern);
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    }, handler);
    out[method] = wrapped;
  }
  return out;
}

const routeFiles = apiRouteFiles(root) as { pattern: string; file: string }[];

beforeAll(async () => {
  const entries = routeFiles.map((r) => ({
    pattern: r.pattern,
    load: async () => tagged(r.pattern, (await import(r.file)) as RouteModule),
  }));
  const api = createApiHandler(entries, () => []);
  // What server/main.ts does with a request, in process.
  server = http.createServer((req, res) => {
    req.headers[CLIENT_IP_HEADER] = "127.0.0.1";
    req.url = withoutApiTrailingSlash(req.url ?? "/");
    const pathname = req.url.split("?")[0]!;
    const edge = edgeRouteFor(req.method, pathname);
    if (edge === "health") void handleHealth(req, res, pathname);
    else if (edge === "metrics") void handleMetrics(req, res);
    else if (edge === "probe") answerProbe(res);
    else if (edge === "relay") void handleRelay(req, res);
    else void api(req, res);
  });
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    req.headers[CLIENT_IP_HEADER] = "127.0.0.1";
    if ((req.url ?? "").split("?")[0]!.replace(/\/$/, "") === REALTIME_PATH) void handleUpgrade(req, socket, head);
    else socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await setupRoot();
  // The routes that fetch from the internet fail at once (the outbound guard refuses loopback).
  await setOptions({ UpdateCheckUrl: "http://127.0.0.1:9/release", PresetRatioBaseUrl: "http://127.0.0.1:9" });
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  // The doc's {id} is 1 and DELETE /api/token/1 is one of its calls: the relay's key is token 2.
  const newToken = (name: string) =>
    call<{ key: string }>(tokenRoute, "POST", "/api/token/", {
      cookie: rootCookie,
      body: { name, unlimited_quota: true },
    });
  await newToken("doc-id-1");
  const token = await newToken("doc");
  rootKey = String(token.json.data.key);
  if (token.status !== 200 || rootKey.length < 16) throw new Error(`no key for the relay calls: ${token.status}`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Answer = { status: number; text: string; routeFile: string | null };

/** A WebSocket upgrade: the answer when refused, 101 when upgraded. */
function upgrade(p: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, {
      headers: {
        ...headers,
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": Buffer.from("compatibility-doc").toString("base64"),
      },
    });
    req.on("upgrade", (_res, socket) => {
      socket.destroy();
      resolve({ status: 101, text: "", routeFile: null });
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, routeFile: null }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A logout ends the session it is sent with: it gets one of its own (revoke-others keeps the caller's). */
const endsSession = (c: DocCall) => /\/logout$/.test(c.path);

async function send(c: DocCall, anonymous: boolean): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (!anonymous) {
    headers.cookie = endsSession(c) ? await login(ROOT_USER.username, ROOT_USER.password) : rootCookie;
    // The relay (and its /api token queries) takes the key; the console API would read it as an access token.
    if (edgeRouteFor(c.method, c.path.split("?")[0]!) === "relay") headers.authorization = `Bearer ${rootKey}`;
  }
  if (c.websocket) return upgrade(c.path, headers);
  const body = ["GET", "HEAD", "OPTIONS"].includes(c.method) ? undefined : "{}";
  if (body) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${c.path}`, { method: c.method, headers, body, redirect: "manual" });
  return { status: res.status, text: await res.text(), routeFile: res.headers.get(ROUTE_HEADER) };
}

/** What is wrong with an answer to a row's call, or null. */
function misfit(row: DocRow, c: DocCall, a: Answer): string | null {
  const relayEdge = edgeRouteFor(c.method, c.path.split("?")[0]!) === "relay" || c.websocket;
  const unknownPathAnswer = relayEdge
    ? a.status === 404 && a.text.includes("Invalid URL (")
    : a.status === 404 && (a.routeFile === CATCH_ALL || a.routeFile === null) && isNotFoundEnvelope(a.text);
  if (!row.served) {
    if (row.notImplemented) return a.status === 501 && a.text.includes("api_not_implemented") ? null : "not a 501";
    return unknownPathAnswer ? null : "not the unknown-path answer";
  }
  if (a.status === 405) return "405";
  // A relay call for a model no channel serves: new-api's Distribute answers 503 as well.
  const noChannel = relayEdge && a.status === 503 && a.text.includes("No available channel for model");
  if (a.status >= 500 && !noChannel) return "a 5xx";
  if (unknownPathAnswer || (!relayEdge && a.routeFile === CATCH_ALL)) return "the unknown-path answer";
  return null;
}

function isNotFoundEnvelope(text: string): boolean {
  try {
    const json = JSON.parse(text);
    return json.success === false && typeof json.message === "string" && json.message.length > 0;
  } catch {
    return false;
  }
}

test("every route row of docs/compatibility.md can be read", () => {
  expect(errors).toEqual([]);
  expect(rows.filter((r) => r.section === "api").length).toBeGreaterThan(40);
  expect(rows.filter((r) => r.section === "relay").length).toBeGreaterThan(10);
});

test("every route the doc lists answers as its row says", async () => {
  const wrong: string[] = [];
  for (const row of rows) {
    for (const c of row.calls) {
      for (const anonymous of row.public ? [false, true] : [false]) {
        const a = await send(c, anonymous);
        const why = misfit(row, c, a);
        if (why)
          wrong.push(
            `line ${row.line}: ${c.method} ${c.path}${anonymous ? " (anonymous)" : ""} ` +
              `says ${row.served ? "served" : "not served"}, got ${why}: ${a.status} ${a.routeFile ?? ""} ${a.text.slice(0, 120)}`,
          );
      }
    }
  }
  expect(wrong).toEqual([]);
  // Root's session and key held to the end (no call logged root out): the rows were called as root.
  const self = await send({ method: "GET", path: "/api/user/models", websocket: false }, false);
  const models = await send({ method: "GET", path: "/v1/models", websocket: false }, false);
  expect([self.status, models.status]).toEqual([200, 200]);
}, 60_000);

test("every route file's method is listed by some row", async () => {
  const unlisted: string[] = [];
  for (const r of routeFiles) {
    if (r.pattern === CATCH_ALL) continue;
    const mod = (await import(r.file)) as RouteModule;
    for (const method of METHODS) {
      if (method === "HEAD" || method === "OPTIONS" || typeof mod[method] !== "function") continue;
      if (!reached.has(`${method} ${r.pattern}`)) unlisted.push(`${method} ${r.pattern}`);
    }
  }
  expect(unlisted).toEqual([]);
});
