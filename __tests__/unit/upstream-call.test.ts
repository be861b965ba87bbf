// One upstream call without undici's request() (relay/upstream/upstream-call.ts), against a
// real HTTP server on loopback: whole and streamed reads, what arrives before the reader starts,
// bounded reads, 1xx answers, aborts before and after the headers, and a reader that gives up.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { callUpstream, UpstreamAbort, UpstreamAnswerTooLarge, upstreamTarget } from "@/relay/upstream/upstream-call";

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Route>();
const closedSockets: string[] = [];
let server: http.Server;
let base = "";
const agent = new Agent({ keepAliveTimeout: 10_000 });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.on("close", () => {
      if (!res.writableFinished) closedSockets.push(req.url ?? "");
    });
    routes.get(req.url ?? "")!(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const until = async (cond: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

const call = (path: string, abort = new UpstreamAbort(), body?: string, via = agent, maxAnswerBytes?: number) =>
  callUpstream(via, base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    abort,
    headersTimeout: 5000,
    maxAnswerBytes,
  });

test("a whole answer: status, headers (repeated ones as a list), request body and query reach the server", async () => {
  routes.set("/whole?x=1", (req, res) => {
    let got = "";
    req.on("data", (c: Buffer) => (got += c));
    req.on("end", () => {
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.writeHead(201, { "content-type": "application/json", "x-upstream": "yes" });
      res.end(JSON.stringify({ echoed: got, method: req.method }));
    });
  });
  const up = await call("/whole?x=1", undefined, '{"q":"héllo 你好 🙂"}');
  expect(up.statusCode).toBe(201);
  expect(up.headers["x-upstream"]).toBe("yes");
  expect(up.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  expect(JSON.parse(await up.body.text())).toEqual({ echoed: '{"q":"héllo 你好 🙂"}', method: "POST" });
  await expect(up.body.text()).rejects.toThrow("already read");
});

test("a streamed answer keeps every byte in order, also what arrived before the reader started", async () => {
  const parts = Array.from({ length: 40 }, (_, i) => Buffer.alloc(8 * 1024, 97 + (i % 26)));
  routes.set("/stream", (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const p of parts) res.write(p); // 320 KB at once: more than is kept before the reader starts
    res.end();
  });
  const up = await call("/stream");
  await new Promise((r) => setTimeout(r, 50)); // the socket fills and pauses meanwhile
  const got: Buffer[] = [];
  for await (const chunk of up.body) got.push(chunk as Buffer);
  expect(Buffer.concat(got).equals(Buffer.concat(parts))).toBe(true);
});

test("textUpTo(limit) reads at most limit bytes and drops the connection instead of reading the rest", async () => {
  routes.set("/huge", (_req, res) => {
    res.writeHead(500, { "content-type": "text/plain" });
    const chunk = Buffer.alloc(64 * 1024, 120);
    const more = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", more);
    };
    more(); // never ends
  });
  const up = await call("/huge");
  const text = await up.body.textUpTo(1000);
  expect(text).toBe("x".repeat(1000));
  await until(() => closedSockets.includes("/huge"), "the upstream connection to close");
});

test("textUpTo(limit) that the first bytes fill exactly still stops reading there", async () => {
  routes.set("/exact", (_req, res) => {
    res.writeHead(502, { "content-type": "text/plain" });
    res.write("y".repeat(1000));
    const tick = setInterval(() => res.write("z".repeat(1000)), 5); // keeps coming until dropped
    res.on("close", () => clearInterval(tick));
  });
  const up = await call("/exact");
  expect(await up.body.textUpTo(1000)).toBe("y".repeat(1000));
  await until(() => closedSockets.includes("/exact"), "the upstream connection to close");
});

test("text() refuses an answer past maxAnswerBytes and drops the connection; one at the limit is read", async () => {
  routes.set("/limit", (_req, res) => res.end("z".repeat(1000)));
  expect(await (await call("/limit", undefined, undefined, agent, 1000)).body.text()).toBe("z".repeat(1000));
  routes.set("/over", (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write("z".repeat(1000));
    const tick = setInterval(() => res.write("z"), 5); // one byte too many, then more
    res.on("close", () => clearInterval(tick));
  });
  const up = await call("/over", undefined, undefined, agent, 1000);
  await expect(up.body.text()).rejects.toThrow(new UpstreamAnswerTooLarge(1000));
  expect(new UpstreamAnswerTooLarge(1000).message).toBe("the upstream answer is larger than 1000 bytes");
  expect(new UpstreamAnswerTooLarge(64 * 1048576).message).toBe("the upstream answer is larger than 64 MB");
  await until(() => closedSockets.includes("/over"), "the upstream connection to close");
});

test("an informational 103 answer is skipped: the call resolves with the final answer", async () => {
  routes.set("/hints", (_req, res) => {
    res.writeEarlyHints({ link: "</a.css>; rel=preload" });
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"ok":true}');
  });
  const up = await call("/hints");
  expect(up.statusCode).toBe(200);
  expect(await up.body.text()).toBe('{"ok":true}');
});

test("aborts: before the headers the call rejects with the reason; after them the read does", async () => {
  routes.set("/slow-headers", () => {}); // never answers
  const early = new UpstreamAbort();
  const pending = call("/slow-headers", early);
  setTimeout(() => early.abort(new Error("client_gone")), 20);
  await expect(pending).rejects.toThrow("client_gone");
  await until(() => closedSockets.includes("/slow-headers"), "the aborted call's connection to close");

  routes.set("/slow-body", (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"partial":');
  });
  const late = new UpstreamAbort();
  const up = await call("/slow-body", late);
  const reading = up.body.text();
  late.abort(new Error("client_gone"));
  await expect(reading).rejects.toThrow("client_gone");

  const already = new UpstreamAbort();
  already.abort(new Error("gone before"));
  await expect(call("/whole?x=1", already)).rejects.toThrow("gone before");
});

test("UpstreamAbort: follows a signal, and its own signal (made on demand) aborts with it", async () => {
  const timeout = new AbortController();
  const following = UpstreamAbort.following(timeout.signal);
  const signal = following.signal; // what a vendor's finalize() gets
  const pending = call("/slow-headers", following);
  timeout.abort(new Error("probe timeout"));
  await expect(pending).rejects.toThrow("probe timeout");
  expect([signal.aborted, (signal.reason as Error).message]).toEqual([true, "probe timeout"]);
  const late = new UpstreamAbort();
  late.abort(new Error("first"));
  late.abort(new Error("second"));
  expect([late.signal.aborted, (late.signal.reason as Error).message]).toEqual([true, "first"]);
});

test("a streamed read stopped by the reader (destroy) closes the upstream connection", async () => {
  routes.set("/endless", (_req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    const tick = setInterval(() => res.write("data: {}\n\n"), 5);
    res.on("close", () => clearInterval(tick));
  });
  const up = await call("/endless");
  for await (const chunk of up.body) {
    expect(String(chunk)).toContain("data:");
    break; // for-await destroys the body
  }
  expect(up.body.destroyed).toBe(true);
  await until(() => closedSockets.includes("/endless"), "the stream's connection to close");
});

test("an answer read whole leaves the connection reusable (keep-alive)", async () => {
  const sockets = new Set<unknown>();
  routes.set("/reuse", (req, res) => {
    sockets.add(req.socket);
    res.end("ok");
  });
  const fresh = new Agent({ keepAliveTimeout: 10_000 });
  for (let i = 0; i < 10; i++) expect(await (await call("/reuse", undefined, undefined, fresh)).body.text()).toBe("ok");
  await fresh.close();
  // undici's request() opens two sockets for ten sequential calls here as well.
  expect(sockets.size).toBeLessThanOrEqual(2);
});

test("the remembered split of a channel URL is the URL's own: each text its own origin and path", async () => {
  // The cache is keyed by the whole text, so two URLs never share a split (nothing to invalidate).
  expect(upstreamTarget("https://a.example:8443/v1/chat/completions?api-version=2")).toEqual({
    origin: "https://a.example:8443",
    path: "/v1/chat/completions?api-version=2",
  });
  expect(upstreamTarget("https://b.example/v1/chat/completions")).toEqual({
    origin: "https://b.example",
    path: "/v1/chat/completions",
  });
  expect(upstreamTarget("https://a.example:8443/v1/chat/completions?api-version=2").path).toBe(
    "/v1/chat/completions?api-version=2",
  );
  // Bounded: many distinct URLs (model names in Gemini-style paths) still split right.
  for (let i = 0; i < 2000; i++) expect(upstreamTarget(`http://h${i}.example/m/${i}`).path).toBe(`/m/${i}`);
  expect(() => upstreamTarget("not a url")).toThrow();
  // And the call goes where the URL says, query included.
  routes.set("/split?x=1", (req, res) => res.end(req.url));
  expect(await (await call("/split?x=1")).body.text()).toBe("/split?x=1");
});
