// The worker's side of allowances (server/workers/remote-ledger.ts), against a scripted primary:
// reservations are taken locally while the allowance covers them, it is topped up before it runs
// out, given back when idle or revoked, and a part refunded after it ended goes back to the primary.
const sent: { op: string; fields: Record<string, unknown> }[] = [];
const answers: ((op: string, fields: Record<string, unknown>) => unknown)[] = [];
const calls = new Map<string, (p: unknown) => unknown>();
jest.mock("@/server/workers/ipc", () => ({
  post: (op: string, fields: Record<string, unknown>) => sent.push({ op, fields }),
  request: async (op: string, fields: Record<string, unknown>) => {
    sent.push({ op, fields });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected ${op}`);
    return next(op, fields);
  },
  answerCalls: (name: string, work: (p: unknown) => unknown) => calls.set(name, work),
}));

import {
  remoteRefund,
  remoteReserve,
  remoteSettle,
  resetRemoteLedgerForTests,
} from "@/server/workers/remote-ledger";
import type { Reservation } from "@/lib/server/ledger/memory-ledger";

function ok(r: Awaited<ReturnType<typeof remoteReserve>>): Reservation {
  if (!r.ok) throw new Error("refused");
  return r.reservation;
}

const user = 100;
beforeEach(() => {
  sent.length = 0;
  answers.length = 0;
  resetRemoteLedgerForTests();
});
afterEach(() => jest.useRealTimers());

test("the first reservation asks for an allowance; the next ones are taken from it without asking", async () => {
  answers.push(() => ({ rid: 7, amount: 100, gid: 8, g: 1000 }));
  const first = ok(await remoteReserve(user, 10, 100, 100));
  expect(sent).toEqual([{ op: "reserve", fields: { u: user, t: 10, a: 100, m: 100, g: 1, p: "subscription_first" } }]);
  expect(first.allowance).toBeUndefined();
  const local = await Promise.all([1, 2, 3, 4].map(() => remoteReserve(user, 10, 100, 100)));
  expect(sent).toHaveLength(1);
  expect(local.map((r) => ok(r).allowance?.left)).toEqual([600, 600, 600, 600]);
  // A refund before anything billable goes back into the allowance, not to the primary.
  remoteRefund(ok(local[0]!));
  expect(ok(local[1]!).allowance!.left).toBe(700);
  // Settling says which allowance and how much of it the request had.
  answers.push((_op, f) => ({ charged: f.actual, userQuota: 5 }));
  expect(await remoteSettle(ok(local[1]!), 42, 3, null)).toEqual({ charged: 42, userQuota: 5 });
  expect(sent.at(-1)).toEqual({ op: "settle", fields: { g: 8, p: 100, actual: 42, ch: 3, rec: null } });
  await expect(remoteSettle(ok(local[1]!), 42, 3, null)).rejects.toThrow(/twice/);
  expect(sent).toHaveLength(2);
  // A token of another account has no allowance here: asked again.
  answers.push(() => ({ ok: false, reason: "token_exhausted", userQuota: 1, tokenRemain: 0 }));
  expect(await remoteReserve(user, 11, 100, 100)).toMatchObject({ ok: false });
});

test("below half of its size the allowance is topped up in the background, once at a time", async () => {
  answers.push(() => ({ rid: 1, amount: 100, gid: 2, g: 400 }));
  await remoteReserve(user, 10, 100, 100);
  let grown: (v: number) => void = () => undefined;
  answers.push(() => new Promise((r) => (grown = r)));
  const a = ok(await remoteReserve(user, 10, 100, 100)); // 300 left: not yet
  expect(sent.map((s) => s.op)).toEqual(["reserve"]);
  await remoteReserve(user, 10, 100, 100); // 200 left: no longer above half
  await remoteReserve(user, 10, 100, 100); // still growing: not asked again
  expect(sent.map((s) => s.op)).toEqual(["reserve", "grow"]);
  expect(sent[1]!.fields).toEqual({ g: 2, a: 100 });
  grown(400);
  await new Promise((r) => setImmediate(r));
  expect(a.allowance!.left).toBe(500);
});

test("more than the allowance has left is decided by the primary; its new allowance replaces the old", async () => {
  answers.push(() => ({ rid: 1, amount: 100, gid: 2, g: 250 }));
  await remoteReserve(user, 10, 100, 100);
  answers.push(() => ({ rid: 3, amount: 300, gid: 4, g: 3000 }));
  const big = ok(await remoteReserve(user, 10, 300, 300));
  expect(big.id).toBe("3");
  expect(sent.slice(1)).toEqual([
    { op: "reserve", fields: { u: user, t: 10, a: 300, m: 300, g: 1, p: "subscription_first" } },
    { op: "release", fields: { g: 2, left: 250 } },
  ]);
  expect(ok(await remoteReserve(user, 10, 300, 300)).allowance!.gid).toBe(4);
});

test("a revoked allowance gives back what is unused; a part refunded later goes to the primary", async () => {
  answers.push(() => ({ rid: 1, amount: 100, gid: 9, g: 1000 }));
  await remoteReserve(user, 10, 100, 100);
  const part = ok(await remoteReserve(user, 10, 100, 100));
  expect(calls.get("revoke")!({ users: [user], tokens: [] })).toEqual([{ g: 9, left: 900 }]);
  expect(calls.get("revoke")!({ users: [user], tokens: [] })).toEqual([]);
  remoteRefund(part);
  expect(sent.at(-1)).toEqual({ op: "unhold", fields: { g: 9, p: 100 } });
  // The next reservation asks the primary again.
  answers.push(() => ({ rid: 2, amount: 100 }));
  expect(ok(await remoteReserve(user, 10, 100, 100)).id).toBe("2");
});

test("an allowance unused for 2 s goes back to the primary", async () => {
  jest.useFakeTimers();
  answers.push(() => ({ rid: 1, amount: 100, gid: 5, g: 1000 }));
  await remoteReserve(user, 10, 100, 100);
  await remoteReserve(user, 10, 100, 100);
  jest.advanceTimersByTime(1000);
  expect(sent.map((s) => s.op)).toEqual(["reserve"]);
  jest.advanceTimersByTime(1500);
  expect(sent.at(-1)).toEqual({ op: "release", fields: { g: 5, left: 900 } });
});
