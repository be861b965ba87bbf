// Allowances (server/workers/primary-allowances.ts through primary-ops.ts): quota the primary sets
// aside for one worker and account. Exactness: what a worker settles from its allowance is charged
// like any reservation, what it gives back returns, the database never sees the unused part, a
// refusal first takes back allowances sitting on the account, and a console write revokes them.
import type { Worker } from "node:cluster";

import { tokens, users } from "@/test-support/unit/ledger-db-mock";

jest.mock("@/lib/server/db", () => jest.requireActual("@/test-support/unit/ledger-db-mock").dbModule);
const writes: string[] = [];
jest.mock("@/lib/server/ledger/bookkeeping", () => ({
  queueLog: () => undefined,
  queueUsage: () => undefined,
  scheduleFlush: () => undefined,
  flushBookkeeping: async () => undefined,
  // As the real one: the primary's guard (allowances revoked and frozen) around the queued write.
  setOutsideWriteGuard: (g: typeof guard) => (guard = g),
  writeAfterFlush: async (write: () => Promise<unknown>, a: { userIds?: number[]; tokenIds?: number[] }) => {
    const thaw = guard ? await guard(a.userIds ?? [], a.tokenIds ?? []) : () => undefined;
    writes.push("write");
    return write().finally(thaw);
  },
}));
let guard: ((users: number[], tokens: number[]) => Promise<() => void>) | null = null;

import {
  dropAccounts,
  ensureAccounts,
  resetLedgerForTests,
  tokenRemain,
  userQuota,
} from "@/lib/server/ledger/memory-ledger";
import { takeDeltas } from "@/lib/server/ledger/deltas";
import { handleWorkerMessage, becomePrimary, workerGone } from "@/server/workers/primary-ops";
import { resetAllowancesForTests } from "@/server/workers/primary-allowances";

type Msg = { id?: number; ok?: unknown; err?: string; call?: string; cid?: number; p?: unknown };

/** A worker as the primary sees it; `onRevoke` answers the primary's revoke calls like remote-ledger.ts. */
function fakeWorker(
  id: number,
  onRevoke: (p: { users: number[]; tokens: number[] }) => unknown = () => [],
  /** Sent in the same batch as the answer to a revoke call. */
  withReply: () => Record<string, unknown>[] = () => [],
) {
  const sent: Msg[] = [];
  const revokes: unknown[] = [];
  const w = {
    id,
    isConnected: () => true,
    send: (m: { gw: Msg[] }) => {
      for (const x of m.gw) {
        sent.push(x);
        if (x.call === "revoke") {
          revokes.push(x.p);
          const ok = onRevoke(x.p as { users: number[]; tokens: number[] });
          setImmediate(() => handleWorkerMessage(w, { gw: [{ op: "reply", cid: x.cid, ok }, ...withReply()] }));
        }
      }
    },
  } as unknown as Worker;
  const ask = async (op: Record<string, unknown>) => {
    const msgId = Math.floor(Math.random() * 1e9);
    handleWorkerMessage(w, { gw: [{ ...op, id: msgId }] });
    for (let i = 0; i < 100; i++) {
      const a = sent.find((x) => x.id === msgId);
      if (a) {
        if (a.err) throw new Error(a.err);
        return a.ok as Record<string, number> & { ok?: boolean; reason?: string };
      }
      await new Promise((r) => setImmediate(r));
    }
    throw new Error("no answer");
  };
  return { w, ask, revokes, post: (op: Record<string, unknown>) => handleWorkerMessage(w, { gw: [op] }) };
}

beforeEach(() => {
  for (const id of [1, 2]) workerGone(id);
  resetLedgerForTests();
  resetAllowancesForTests();
  takeDeltas();
  writes.length = 0;
  users.set(1, { quota: 1_000_000n });
  tokens.set(10, { remainQuota: 800_000n, unlimitedQuota: false });
});

test("a reservation on a large balance comes with an allowance that the database never sees", async () => {
  const a = fakeWorker(1);
  const r = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  expect(r).toMatchObject({ amount: 100, g: 25_600 }); // 256 requests of 100
  expect(tokenRemain(10)).toBe(800_000 - 100 - 25_600);
  expect(userQuota(1)).toBe(1_000_000 - 100 - 25_600);
  // Only the request's own reservation is a delta.
  const d = takeDeltas();
  expect(d.users.get(1)?.quota).toBe(-100);
  expect(d.tokens.get(10)).toMatchObject({ remain: -100, used: 100 });
  // A balance re-read from the database (after a write elsewhere) still leaves the allowance out.
  dropAccounts([1], [10]);
  users.set(1, { quota: 1_000_000n - 100n });
  tokens.set(10, { remainQuota: 800_000n - 100n, unlimitedQuota: false });
  await ensureAccounts(1, 10);
  expect(tokenRemain(10)).toBe(800_000 - 100 - 25_600);
});

test("parts settled from an allowance are charged exactly; the unused rest goes back", async () => {
  const a = fakeWorker(1);
  const r = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  takeDeltas();
  // Three requests reserved 100 each from the allowance; they cost 40, 100 and 250.
  const costs = [40, 100, 250];
  const answers = [];
  for (const actual of costs) answers.push(await a.ask({ op: "settle", g: r.gid, p: 100, actual, ch: 3, rec: null }));
  expect(answers.map((x) => x.charged)).toEqual(costs);
  // One more failed before anything billable: refunded into the balances (the allowance had ended).
  a.post({ op: "release", g: r.gid, left: r.g! - 400 });
  a.post({ op: "unhold", g: r.gid, p: 100 });
  await a.ask({ op: "settle", r: r.rid, actual: 100, ch: 3, rec: null });
  expect(tokenRemain(10)).toBe(800_000 - 390 - 100);
  expect(userQuota(1)).toBe(1_000_000 - 490);
  // Since the deltas were taken after the first reservation (its -100 already went): the three
  // allowance parts and the first request charged at cost.
  const d = takeDeltas();
  expect(d.users.get(1)).toEqual({ quota: -390, used: 490, requests: 4 });
  expect(d.tokens.get(10)).toMatchObject({ remain: -390, used: 390 });
  expect(d.channels.get(3)).toBe(490);
  // The allowance is gone: nothing more can be taken from it.
  await expect(a.ask({ op: "settle", g: r.gid, p: 1, actual: 1, ch: 3, rec: null })).rejects.toThrow(
    /unknown allowance/,
  );
});

test("a worker can never settle or give back more than its allowance holds", async () => {
  const a = fakeWorker(1);
  const r = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  const before = tokenRemain(10);
  await expect(a.ask({ op: "settle", g: r.gid, p: r.g! + 1, actual: 5, ch: 3, rec: null })).rejects.toThrow(
    /overdrawn/,
  );
  await expect(a.ask({ op: "settle", g: r.gid, p: -5, actual: 5, ch: 3, rec: null })).rejects.toThrow(/overdrawn/);
  expect(tokenRemain(10)).toBe(before);
});

test("small balances get no allowance: every reservation is decided by the primary", async () => {
  tokens.set(10, { remainQuota: 1000n, unlimitedQuota: false });
  const a = fakeWorker(1);
  const r = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  expect(r.gid).toBeUndefined();
  expect(tokenRemain(10)).toBe(900);
});

test("a refusal first takes back the allowance another worker sits on, then reserves", async () => {
  tokens.set(10, { remainQuota: 10_000n, unlimitedQuota: false });
  let granted: Record<string, number> = {};
  const a = fakeWorker(1, () => [{ g: granted.gid, left: granted.g }]);
  const b = fakeWorker(2);
  becomePrimary(() => [a.w, b.w]);
  granted = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  expect(granted.g).toBe(1237); // an eighth of what was left
  // b needs 9000: only 8663 are free until a's allowance comes back.
  const r = await b.ask({ op: "reserve", u: 1, t: 10, a: 9000, m: 9000 });
  expect(a.revokes).toEqual([{ users: [1], tokens: [10] }]);
  expect(r).toMatchObject({ amount: 9000 });
  expect(tokenRemain(10)).toBe(900);
  // Nothing left to take back: the next refusal is a plain one, no call to the workers.
  expect(await b.ask({ op: "reserve", u: 1, t: 10, a: 5000, m: 5000 })).toMatchObject({ ok: false });
  expect(a.revokes).toHaveLength(1);
});

test("while a refusal takes allowances back, the revoked worker asking again gets no new one", async () => {
  tokens.set(10, { remainQuota: 10_000n, unlimitedQuota: false });
  let granted: Record<string, number> = {};
  const again = 424242;
  // a answers the revoke and, in the same batch, asks again with an allowance wanted.
  const a = fakeWorker(
    1,
    () => [{ g: granted.gid, left: granted.g }],
    () => [{ op: "reserve", id: again, u: 1, t: 10, a: 100, m: 100, g: 1 }],
  );
  const b = fakeWorker(2);
  becomePrimary(() => [a.w, b.w]);
  granted = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  // b needs 9000 of the 9900 once a's allowance is back: a new allowance for a must not take it first.
  expect(await b.ask({ op: "reserve", u: 1, t: 10, a: 9000, m: 9000 })).toMatchObject({ amount: 9000 });
  expect(tokenRemain(10)).toBe(800);
});

test("a console write to an account revokes its allowances before it runs, and none is granted meanwhile", async () => {
  let granted: Record<string, number> = {};
  const a = fakeWorker(1, () => {
    expect(writes).toEqual([]); // revoked before the write
    return [{ g: granted.gid, left: granted.g }];
  });
  becomePrimary(() => [a.w]);
  granted = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  const lock = await a.ask({ op: "write", users: [1], tokens: [] });
  expect(a.revokes).toEqual([{ users: [1], tokens: [] }]);
  expect(tokenRemain(10)).toBe(800_000 - 100);
  // While the write holds the account, a reservation gets no allowance.
  const during = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  expect(during.gid).toBeUndefined();
  a.post({ op: "written", lock });
  await new Promise((r) => setImmediate(r));
  const after = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  expect(after.g).toBeGreaterThan(0);
});

test("an allowance grows only while it is live; a dead worker's allowances return whole", async () => {
  const a = fakeWorker(1);
  const r = await a.ask({ op: "reserve", u: 1, t: 10, a: 100, m: 100, g: 1 });
  expect(await a.ask({ op: "grow", g: r.gid, a: 100 })).toBe(25_600);
  await a.ask({ op: "settle", g: r.gid, p: 100, actual: 100, ch: 3, rec: null });
  expect(tokenRemain(10)).toBe(800_000 - 100 - 51_200);
  expect(workerGone(1)).toEqual({ refunded: 1, quota: 100 + 51_100 });
  expect(tokenRemain(10)).toBe(800_000 - 100);
  expect(await a.ask({ op: "grow", g: r.gid, a: 100 })).toBe(0);
});
