// When a streamed answer's headers leave (relay/streaming/sse-response.ts startSse), on a
// real loopback HTTP server: with the first event at hand they go in the same socket write (one
// syscall less per stream: a separate flush was ~6 % of a stream's CPU at c=1), and without one they
// still leave at once, so a client learns the status while a slow model thinks.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type net from "node:net";
import { startSse } from "@/relay/streaming/sse-response";

/** Counts the socket's flushes to the kernel (net.Socket funnels write and writev through here). */
function countFlushes(socket: net.Socket): { count: number } {
  const flushes = { count: 0 };
  const s = socket as net.Socket & { _writeGeneric: (...args: unknown[]) => unknown };
  const original = s._writeGeneric;
  s._writeGeneric = function (this: unknown, ...args: unknown[]) {
    flushes.count++;
    return original.apply(this, args);
  };
  return flushes;
}

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

const ctx = { requestId: "req-sse-headers", path: "/v1/chat/completions", startedAt: Date.now() };
const opts = { inactivityMs: 0, pingSeconds: 0 };
const abort = { abort: () => undefined };

test("the first event at hand: headers and event leave in one write", async () => {
  let beforeEnd = -1;
  const server = await serve(async (_req, res) => {
    const flushes = countFlushes(res.socket!);
    const sse = startSse(ctx, res, abort, opts);
    await sse.write('data: {"choices":[]}\n\n');
    await new Promise((r) => setImmediate(r)); // the turn is over: an early flush would have run by now
    beforeEnd = flushes.count; // the end of the chunked body (res.end) is not the subject here
    res.end();
  });
  try {
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(res.headers.get("x-request-id")).toBe("req-sse-headers");
    expect(await res.text()).toBe('data: {"choices":[]}\n\n');
    expect(beforeEnd).toBe(1);
  } finally {
    await server.close();
  }
});

test("no event yet: the headers leave at once, before the first event", async () => {
  let clientHasHeaders!: () => void;
  const headersArrived = new Promise<void>((r) => (clientHasHeaders = r));
  const server = await serve(async (_req, res) => {
    const sse = startSse(ctx, res, abort, opts);
    // A model still thinking: the first event is written only once the client has seen the headers
    // (without the early flush this waits forever and the test times out).
    await headersArrived;
    await sse.write("data: late\n\n");
    res.end();
  });
  try {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(server.url, (res) => {
          expect(res.statusCode).toBe(200);
          clientHasHeaders();
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => (text += d));
          res.on("end", () => resolve(text));
        })
        .on("error", reject);
    });
    expect(body).toBe("data: late\n\n");
  } finally {
    await server.close();
  }
});
