// The one client-stream core (relay/streaming/sse-response.ts) that every streamed answer
// uses: chunks written in order, an end marker stops the read, the tail is owed, failures and
// client disconnects are recorded, the upstream body is always released.
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { openClientStream, pump } from "@/relay/streaming/sse-response";
import { pipeBytes } from "@/relay/upstream/attempt-stream";
import type { UpstreamResponse } from "@/relay/kernel/upstream-body";

class FakeRes extends EventEmitter {
  written: (string | Buffer)[] = [];
  status = 0;
  headers: Record<string, string> = {};
  writableFinished = false;
  ended = false;
  writeHead(status: number, headers: Record<string, string>) {
    this.status = status;
    this.headers = headers;
    return this;
  }
  write(data: string | Buffer) {
    this.written.push(data);
    return true;
  }
  end() {
    this.ended = true;
    this.writableFinished = true;
  }
  text() {
    return this.written.map(String).join("");
  }
}

function upstream(chunks: (string | Error)[]): UpstreamResponse {
  async function* gen() {
    for (const c of chunks) {
      if (c instanceof Error) throw c;
      yield Buffer.from(c);
    }
  }
  return { body: Readable.from(gen()), headers: { "content-type": "audio/mpeg" } } as unknown as UpstreamResponse;
}

const open = (res: FakeRes, abort = new AbortController()) =>
  openClientStream(
    res as unknown as ServerResponse,
    abort,
    { "content-type": "text/plain" },
    {
      inactivityMs: 0,
      pingSeconds: 0,
    },
  );

test("chunks are written in order; the end marker stops the read; the tail is written once", async () => {
  const res = new FakeRes();
  const stream = open(res);
  const up = upstream(["a", "b|", "never"]);
  let sawEnd = false;
  await pump(
    stream,
    up,
    (c) => {
      const t = c.toString();
      if (t.endsWith("|")) sawEnd = true;
      return t.toUpperCase();
    },
    { done: () => sawEnd, tail: () => "<tail>" },
  );
  expect(res.text()).toBe("AB|<tail>");
  expect(stream.status()).toEqual({ status: "ok", end_reason: "done" });
  expect(up.body.destroyed).toBe(true);
  // Released without an error: Node's iterator, left early, would destroy it with an AbortError.
  expect(up.body.errored).toBeNull();
});

test("an upstream failure ends the stream as upstream_error; a client that left as client_gone", async () => {
  const res = new FakeRes();
  const failing = open(res);
  await pump(failing, upstream(["x", new Error("reset")]), (c) => c);
  expect([res.text(), failing.status()]).toEqual(["x", { status: "error", end_reason: "upstream_error" }]);

  const gone = new FakeRes();
  const abort = new AbortController();
  const stream = open(gone, abort);
  const up = upstream(["first", "second"]);
  await pump(stream, up, (c) => {
    gone.emit("close"); // the client disconnects during the stream
    return c;
  });
  expect(abort.signal.aborted).toBe(true);
  expect(stream.clientGone).toBe(true);
  expect(gone.text()).toBe(""); // nothing is written to a client that left
  expect(up.body.destroyed).toBe(true);
});

test("pipeBytes: raw bytes with the upstream content type, counted as sent", async () => {
  const res = new FakeRes();
  const r = await pipeBytes(upstream(["abc", "de"]), res as unknown as ServerResponse, new AbortController(), "rid");
  expect([res.status, res.headers["content-type"], res.text(), res.ended]).toEqual([200, "audio/mpeg", "abcde", true]);
  expect([r.bytes, r.clientGone, r.firstByteAt > 0]).toEqual([5, false, true]);
});

test("the inactivity timer is pushed back by every chunk and fires once the chunks stop", () => {
  jest.useFakeTimers();
  try {
    const res = new FakeRes();
    const abort = new AbortController();
    const stream = openClientStream(
      res as unknown as ServerResponse,
      abort,
      { "content-type": "text/plain" },
      { inactivityMs: 1000, pingSeconds: 0 },
    );
    stream.arm();
    // Ten chunks 900 ms apart: 9 s in all, never 1 s without one.
    for (let i = 0; i < 10; i++) {
      jest.advanceTimersByTime(900);
      expect(abort.signal.aborted).toBe(false);
      stream.arm();
    }
    jest.advanceTimersByTime(999);
    expect(abort.signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(abort.signal.aborted).toBe(true);
    expect(stream.status()).toEqual({ status: "error", end_reason: "timeout" });
    expect(jest.getTimerCount()).toBe(0);
  } finally {
    jest.useRealTimers();
  }
});
