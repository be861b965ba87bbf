// How many connections each process may hold (server/workers/connection-share.ts): a process passes
// a new connection on once it holds its share over the fewest any process holds, to that process.
import { capForWorkers, placeConnection, shareCap } from "@/server/workers/connection-share";

test("the share: 2 over the fewest, or ~6 % of it once that is more", () => {
  expect(shareCap(0)).toBe(2);
  expect(shareCap(20)).toBe(22);
  expect(shareCap(32)).toBe(34);
  expect(shareCap(33)).toBe(36);
  expect(shareCap(500)).toBe(532);
});

test("the primary keeps a connection below its share, and passes it to the process with the fewest beyond", () => {
  const others = new Map([
    ["a", 5],
    ["b", 3],
  ]);
  expect(placeConnection(4, others)).toBeNull();
  expect(placeConnection(5, others)).toBe("b");
  // It holds the fewest itself: it keeps every one.
  expect(placeConnection(2, others)).toBeNull();
  expect(placeConnection(0, new Map())).toBeNull();
  expect(placeConnection(100, new Map())).toBeNull();
});

test("spread one by one from one process, 50 connections end within the share of each other", () => {
  const others = new Map([["w", 0]]);
  let own = 0;
  for (let i = 0; i < 50; i++) {
    const to = placeConnection(own, others);
    if (to) others.set(to, others.get(to)! + 1);
    else own++;
  }
  expect(own + others.get("w")!).toBe(50);
  expect(Math.abs(own - others.get("w")!)).toBeLessThanOrEqual(2);
});

test("the workers' cap counts the primary's own connections among the fewest", () => {
  expect(capForWorkers(0, [10, 12])).toBe(2);
  expect(capForWorkers(30, [10, 12])).toBe(12);
  expect(capForWorkers(30, [])).toBe(32);
});
