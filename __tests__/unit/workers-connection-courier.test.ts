// Passing connections over the IPC pipe (server/workers/connection-courier.ts): one at a time as
// Node allows (the next is written once the one before was acknowledged), a connection waits its turn
// at most 100 ms and is then served where it landed, and nothing goes to a closed channel.
import type http from "node:http";
import type net from "node:net";
import { courier, type Channel } from "@/server/workers/connection-courier";

/** A channel whose writes complete only when `written()` is called (Node's acknowledgement wait). */
function slowChannel() {
  const sent: unknown[] = [];
  const pending: (() => void)[] = [];
  const channel: Channel = {
    connected: true,
    send: (msg, _socket, _opts, cb) => {
      sent.push(msg);
      pending.push(cb);
    },
  };
  return { channel, sent, written: () => pending.shift()!() };
}

const server = { _connections: 3 } as unknown as http.Server;
const socketOf = () => ({ server, _server: server }) as unknown as net.Socket;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test("one pass at a time: the next is written once the one before is", () => {
  const { channel, sent, written } = slowChannel();
  let n = 0;
  const pass = courier(channel, () => ({ n: ++n }));
  const otherwise = jest.fn();
  const first = socketOf();
  expect(pass(server, first, otherwise)).toBe(true);
  expect(pass(server, socketOf(), otherwise)).toBe(true);
  expect(pass(server, socketOf(), otherwise)).toBe(true);
  expect(sent).toEqual([{ n: 1 }]);
  // The passed socket no longer belongs to this server (Node's cluster bookkeeping stays out of it).
  expect((server as unknown as { _connections: number })._connections).toBe(2);
  expect((first as unknown as { server: unknown }).server).toBeNull();
  written();
  expect(sent).toEqual([{ n: 1 }, { n: 2 }]);
  written();
  written();
  expect(sent).toHaveLength(3);
  expect(otherwise).not.toHaveBeenCalled();
});

test("a connection that waited its turn over 100 ms is served where it landed", () => {
  const { channel, sent, written } = slowChannel();
  const pass = courier(channel, () => "m");
  const served: number[] = [];
  pass(server, socketOf(), () => served.push(0));
  pass(server, socketOf(), () => served.push(1));
  jest.advanceTimersByTime(50);
  pass(server, socketOf(), () => served.push(2));
  jest.advanceTimersByTime(60);
  expect(served).toEqual([1]);
  written();
  // The one still in time goes next.
  expect(sent).toEqual(["m", "m"]);
  jest.advanceTimersByTime(200);
  expect(served).toEqual([1]);
});

test("nothing is passed to a closed channel; one waiting when it closes is served here", () => {
  const { channel, sent, written } = slowChannel();
  const pass = courier(channel, () => "m");
  const served: string[] = [];
  pass(server, socketOf(), () => served.push("first"));
  pass(server, socketOf(), () => served.push("waiting"));
  channel.connected = false;
  written();
  expect(served).toEqual(["waiting"]);
  expect(pass(server, socketOf(), () => served.push("late"))).toBe(false);
  expect(sent).toHaveLength(1);
});
