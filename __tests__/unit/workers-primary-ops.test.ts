// The primary's side of the worker channel (server/workers/primary-ops.ts): one ledger for all
// workers, the log settled with its charge, refunds of a dead worker's reservations, rate windows
// shared by the workers, and events relayed to the others only.
import type { Worker } from "node:cluster";

import { tokens, users } from "@/test-support/unit/ledger-db-mock";

jest.mock("@/lib/server/db", () => jest.requireActual("@/test-support/unit/ledger-db-mock").dbModule);
const queued: { logs: unknown[]; usage: unknown[] } = { logs: [], usage: [] };
jest.mock("@/lib/server/ledger/bookkeeping", () => ({
  queueLog: (row: unknown) => queued.logs.push(row),
  queueUsage: (...args: unknown[]) => queued.usage.push(args),
  scheduleFlush: () => undefined,
  flushBookkeeping: async () => undefined,
  writeAfterFlush: async (write: () => Promise<unknown>) => write(),
  setOutsideWriteGuard: () => undefined,
}));

import { resetLedgerForTests, tokenRemain, userQuota } from "@/lib/server/ledger/memory-ledger";
import type { LogRow } from "@/lib/server/ledger/bookkeeping";
import { handleWorkerMessage, becomePrimary, workerGone } from "@/server/workers/primary-ops";

type Sent = { gw: { id?: number; ok?: unknown; err?: string; ev?: string; p?: unknown }[] };

function fakeWorker(id: number) {
  const sent: Sent[] = [];
  const w = {
    id,
    connected: true,
    isConnected: () => w.connected,
    send: (m: Sent) => sent.push(m),
  } as unknown as Worker & {
    connected: boolean;
  };
  /** Sends one op and resolves with the primary's answer to it. */
  const ask = async (op: Record<string, unknown>) => {
    const msgId = Math.floor(Math.random() * 1e9);
    handleWorkerMessage(w, { gw: [{ ...op, id: msgId }] });
    for (let i = 0; i < 50; i++) {
      const a = sent.flatMap((m) => m.gw).find((x) => x.id === msgId);
      if (a) {
        if (a.err) throw new Error(a.err);
        return a.ok as Record<string, unknown>;
      }
      await new Promise((r) => setImmediate(r));
    }
    throw new Error("no answer");
  };
  return { w, sent, ask, post: (op: Record<string, unknown>) => handleWorkerMessage(w, { gw: [op] }) };
}

const log = (other: string): LogRow =>
  ({ quota: 0, other, userId: 1, tokenId: 10, type: 2, content: "", modelName: "m" }) as unknown as LogRow;

beforeEach(() => {
  for (const id of [1, 2, 3]) workerGone(id); // what an earlier test left open
  resetLedgerForTests();
  queued.logs.length = 0;
  queued.usage.length = 0;
  users.set(1, { quota: 10_000n });
  tokens.set(10, { remainQuota: 1000n, unlimitedQuota: false });
});

test("reservations of several workers share one balance: never overdrawn", async () => {
  const a = fakeWorker(1);
  const b = fakeWorker(2);
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).ask({ op: "reserve", u: 1, t: 10, a: 300, m: 300 })),
  );
  expect(answers.filter((x) => "rid" in x)).toHaveLength(3);
  expect(answers.filter((x) => x.ok === false)).toHaveLength(5);
  expect(tokenRemain(10)).toBe(100);
});

test("a settlement queues its log with the whole charge; beyond the balance it is a debt", async () => {
  const a = fakeWorker(1);
  const r = await a.ask({ op: "reserve", u: 1, t: 10, a: 400, m: 400 });
  const other = JSON.stringify({ admin_info: { use_channel: [3] }, frt: 5 });
  const settled = await a.ask({
    op: "settle",
    r: r.rid,
    actual: 2000,
    ch: 3,
    rec: { log: log(other), usage: { key: { userId: 1 }, tokens: 7, holdMinutes: 5 } },
  });
  // The token held 1000: all 2000 are charged and the token owes 1000.
  expect(settled).toEqual({ charged: 2000, userQuota: 8000 });
  const row = queued.logs[0] as LogRow;
  expect(row.quota).toBe(2000);
  expect(JSON.parse(row.other)).toEqual({ admin_info: { use_channel: [3] }, frt: 5, billing_source: "wallet" });
  expect(queued.usage).toEqual([[{ userId: 1 }, 2000, 7, 5]]);
});

test("a dead worker's open reservations are refunded; the others' stay", async () => {
  const a = fakeWorker(1);
  const b = fakeWorker(2);
  await a.ask({ op: "reserve", u: 1, t: 10, a: 300, m: 300 });
  await a.ask({ op: "reserve", u: 1, t: 10, a: 200, m: 200 });
  const kept = await b.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100 });
  expect(tokenRemain(10)).toBe(400);
  expect(workerGone(1)).toEqual({ refunded: 2, quota: 500 });
  expect(tokenRemain(10)).toBe(900);
  expect(userQuota(1)).toBe(9900);
  // The survivor's reservation still settles.
  expect(await b.ask({ op: "settle", r: kept.rid, actual: 100, ch: 3, rec: null })).toEqual({
    charged: 100,
    userQuota: 9900,
  });
  expect(workerGone(2)).toEqual({ refunded: 0, quota: 0 });
});

test("a worker gone while the ledger decided its reservation leaves nothing reserved", async () => {
  const a = fakeWorker(1);
  // The account is not loaded yet: the primary reads it (async), and meanwhile the worker dies and
  // its leftovers are settled (workerGone), before the reservation is recorded as the worker's.
  handleWorkerMessage(a.w, { gw: [{ op: "reserve", id: 1, u: 1, t: 10, a: 300, m: 300 }] });
  a.w.connected = false;
  expect(workerGone(1)).toEqual({ refunded: 0, quota: 0 });
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  expect(tokenRemain(10)).toBe(1000);
  expect(userQuota(1)).toBe(10_000);
  expect(workerGone(1)).toEqual({ refunded: 0, quota: 0 });
});

test("a refund posted by a worker gives the reservation back once", async () => {
  const a = fakeWorker(1);
  const r = await a.ask({ op: "reserve", u: 1, t: 10, a: 300, m: 300 });
  a.post({ op: "refund", r: r.rid });
  a.post({ op: "refund", r: r.rid });
  expect(tokenRemain(10)).toBe(1000);
  expect(workerGone(1).refunded).toBe(0);
});

test("relay rate windows count the requests of every worker together", async () => {
  const a = fakeWorker(1);
  const b = fakeWorker(2);
  const scope = `user:${Math.random()}`;
  const limit = { windowMs: 60_000, total: 3, success: 0 };
  const hits = [];
  for (const x of [a, b, a, b, a]) hits.push(await x.ask({ op: "rate", scope, limit }));
  expect(hits).toEqual([null, null, null, "total", "total"]);
});

test("events go to every other worker, not back to the sender, which is answered once the serving ones applied it", async () => {
  const a = fakeWorker(1);
  const b = fakeWorker(2);
  const c = fakeWorker(3);
  const starting = fakeWorker(4);
  becomePrimary(
    () => [a.w, b.w, c.w, starting.w],
    (w) => w !== starting.w,
  );
  a.post({ op: "event", id: 7, topic: "token", payload: 42 });
  await new Promise((r) => setImmediate(r));
  expect(a.sent).toEqual([]);
  // A worker still starting gets the event, but nobody waits for its answer.
  expect(starting.sent).toEqual([{ gw: [{ call: "event", cid: 0, p: { topic: "token", payload: 42 } }] }]);
  const calls = [b, c].map((x) => x.sent.flatMap((m) => m.gw) as { call?: string; cid?: number; p?: unknown }[]);
  for (const list of calls)
    expect(list).toEqual([{ call: "event", cid: expect.any(Number), p: { topic: "token", payload: 42 } }]);
  // b applied it; the sender still waits for c.
  b.post({ op: "reply", cid: calls[0]![0]!.cid, ok: null });
  await new Promise((r) => setImmediate(r));
  expect(a.sent).toEqual([]);
  c.post({ op: "reply", cid: calls[1]![0]!.cid, ok: null });
  for (let i = 0; i < 20 && !a.sent.length; i++) await new Promise((r) => setImmediate(r));
  expect(a.sent).toEqual([{ gw: [{ id: 7, ok: null }] }]);
});
