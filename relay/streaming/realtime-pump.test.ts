// The pump's backpressure and endings with stand-in sockets (EventEmitters with the ws methods the
// pump uses): a side that does not drain pauses the other side's reading at 1 MB and resumes it
// below 256 KB; a close on one side closes the other and finishes the biller once.
import { EventEmitter } from "node:events";
import type WebSocket from "ws";
import { pumpRealtime } from "@/relay/streaming/realtime-pump";

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  paused = false;
  callbacks: (() => void)[] = [];
  closedWith: number | null = null;
  send(_data: unknown, _opts: unknown, cb: () => void) {
    this.callbacks.push(cb);
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate() {
    this.readyState = 3;
  }
}

const setUp = () => {
  const client = new FakeSocket();
  const upstream = new FakeSocket();
  const biller = { charge: jest.fn(async () => true), finish: jest.fn(async () => undefined) };
  pumpRealtime(client as unknown as WebSocket, upstream as unknown as WebSocket, {
    biller,
    idleMs: 60_000,
    requestId: "r1",
  });
  return { client, upstream, biller };
};

test("a client that does not drain pauses the upstream's reading, which resumes once it drains", () => {
  const { client, upstream } = setUp();
  const frame = Buffer.alloc(300 * 1024);
  for (let i = 0; i < 3; i++) upstream.emit("message", frame, true);
  expect(upstream.paused).toBe(false); // 900 KB waiting
  upstream.emit("message", frame, true);
  expect(upstream.paused).toBe(true); // 1.2 MB waiting
  client.callbacks.splice(0, 3).forEach((cb) => cb()); // 300 KB left: still above the low mark
  expect(upstream.paused).toBe(true);
  client.callbacks.splice(0, 1).forEach((cb) => cb());
  expect(upstream.paused).toBe(false);
});

test("the same the other way round", () => {
  const { client, upstream } = setUp();
  client.emit("message", Buffer.alloc(1100 * 1024), true);
  expect(client.paused).toBe(true);
  upstream.callbacks.pop()!();
  expect(client.paused).toBe(false);
});

test("a close on one side closes the other with its code; the biller finishes once", async () => {
  const { client, upstream, biller } = setUp();
  upstream.emit("close", 1011, Buffer.from("boom"));
  client.emit("close", 1000, Buffer.from(""));
  expect(client.closedWith).toBe(1011);
  await new Promise((r) => setImmediate(r));
  expect(biller.finish).toHaveBeenCalledTimes(1);
});

test("response.done from the upstream is charged; other frames are not parsed", async () => {
  const { upstream, biller } = setUp();
  upstream.emit("message", Buffer.from(JSON.stringify({ type: "response.output_audio.delta", delta: "x" })), false);
  upstream.emit(
    "message",
    Buffer.from(JSON.stringify({ type: "response.done", response: { usage: { input_tokens: 3, output_tokens: 2 } } })),
    false,
  );
  await new Promise((r) => setImmediate(r));
  expect(biller.charge).toHaveBeenCalledTimes(1);
  expect(biller.charge).toHaveBeenCalledWith({ textIn: 3, textOut: 2, audioIn: 0, audioOut: 0, cached: 0 });
});
