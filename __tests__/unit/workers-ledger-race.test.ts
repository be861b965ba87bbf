// A reservation never meets accounts that a console write dropped between the ledger's "loaded"
// check and the reservation itself (issue 36: a valid request answered 500 with "ledger: accounts
// not loaded"). The write (bookkeeping writeAfterFlush, the real one) drops the cached balances in
// the turn its write resolves; a reservation decided in that same turn must re-read them, not throw.
import type { Worker } from "node:cluster";

import { tokens, users } from "@/test-support/unit/ledger-db-mock";

// The ledger reads the mock's rows; the bookkeeping flush a console write starts with moves them by
// the deltas it writes, as the database would.
jest.mock("@/lib/server/db", () => {
  const mock = jest.requireActual("@/test-support/unit/ledger-db-mock");
  const execute = async (sql: string, ...params: number[]) => {
    const id = params[params.length - 1]!;
    if (sql.startsWith('UPDATE "users"')) mock.users.get(id).quota += BigInt(params[0]!);
    if (sql.startsWith('UPDATE "tokens"')) mock.tokens.get(id).remainQuota += BigInt(params[0]!);
  };
  const db = () => ({
    ...mock.dbModule.db(),
    $transaction: async (fn: (tx: unknown) => unknown) => fn({ $executeRawUnsafe: execute }),
  });
  return { ...mock.dbModule, db };
});

import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { reserveInMemory } from "@/lib/server/ledger/ledger";
import { ensureAccounts, resetLedgerForTests, tokenRemain, userQuota } from "@/lib/server/ledger/memory-ledger";
import { takeDeltas } from "@/lib/server/ledger/deltas";
import { handleWorkerMessage, workerGone } from "@/server/workers/primary-ops";

type Msg = { id?: number; ok?: unknown; err?: string };

function fakeWorker(id: number) {
  const sent: Msg[] = [];
  const w = {
    id,
    isConnected: () => true,
    send: (m: { gw: Msg[] }) => sent.push(...m.gw),
  } as unknown as Worker;
  /** The answer to message `msgId`, once the primary sent it. */
  const answerTo = async (msgId: number) => {
    for (let i = 0; i < 200; i++) {
      const a = sent.find((x) => x.id === msgId);
      if (a) return a;
      await new Promise((r) => setImmediate(r));
    }
    throw new Error("no answer");
  };
  return { w, answerTo, batch: (...ops: Record<string, unknown>[]) => handleWorkerMessage(w, { gw: ops }) };
}

const settleTurns = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

beforeEach(() => {
  workerGone(1);
  resetLedgerForTests();
  takeDeltas();
  users.set(1, { quota: 100_000n });
  tokens.set(10, { remainQuota: 50_000n, unlimitedQuota: false });
});

test("a worker's reservation sent in the same batch as the end of its console write is decided on the new balances", async () => {
  await ensureAccounts(1, 10);
  const worker = fakeWorker(1);
  // The worker's console write: the primary holds its ledger queue and hands out the lock.
  worker.batch({ op: "write", id: 1, users: [1], tokens: [10] });
  const lock = (await worker.answerTo(1)).ok;
  // What the write stored (an admin left the token 250); then "written" and relay requests'
  // reservations leave the worker in one batch, as they do when they happen in one turn.
  tokens.set(10, { remainQuota: 250n, unlimitedQuota: false });
  users.set(1, { quota: 90_000n });
  worker.batch(
    { op: "reserve", id: 2, u: 1, t: 10, a: 100, m: 100 },
    { op: "written", lock },
    { op: "reserve", id: 3, u: 1, t: 10, a: 200, m: 200 },
    { op: "reserve", id: 4, u: 1, t: 10, a: 100, m: 100 },
  );
  const answers = await Promise.all([2, 3, 4].map(worker.answerTo));
  expect(answers.map((a) => a.err)).toEqual([undefined, undefined, undefined]);
  // The first was taken before the write ended (a delta the re-read counts); the others are decided
  // on what the write left: 250 - 100, too little for 200.
  expect(answers.map((a) => a.ok)).toEqual([
    expect.objectContaining({ amount: 100 }),
    expect.objectContaining({ ok: false, reason: "token_insufficient", tokenRemain: 150 }),
    expect.objectContaining({ amount: 100 }),
  ]);
  await settleTurns();
  await ensureAccounts(1, 10);
  expect(tokenRemain(10)).toBe(50);
  expect(userQuota(1)).toBe(90_000 - 200);
});

test("the primary's own reservation in the turn its console write ends is decided on the new balances", async () => {
  await ensureAccounts(1, 10);
  let finish: () => void = () => undefined;
  const started = new Promise<void>((ready) => {
    void writeAfterFlush(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
          ready();
        }),
      { userIds: [1], tokenIds: [10] },
    );
  });
  await started;
  tokens.set(10, { remainQuota: 4000n, unlimitedQuota: false });
  finish();
  const res = await reserveInMemory(1, 10, 500, 500);
  expect(res.ok).toBe(true);
  await settleTurns();
  await ensureAccounts(1, 10);
  expect(tokenRemain(10)).toBe(3500);
  expect(userQuota(1)).toBe(100_000 - 500);
});

test("first uses of many fresh accounts beside console writes that drop them: every reservation is decided", async () => {
  const worker = fakeWorker(1);
  const ids = Array.from({ length: 30 }, (_, i) => 100 + i);
  for (const id of ids) {
    users.set(id, { quota: 10_000n });
    tokens.set(id * 10, { remainQuota: 10_000n, unlimitedQuota: false });
  }
  const ROUNDS = 12;
  let msg = 10;
  const asked: number[] = [];
  let lock: unknown = null;
  // Each round, in one batch: the end of the last round's console write, a reservation on every
  // account (the first round: their first uses), and a new write on the next account.
  for (let round = 0; round < ROUNDS; round++) {
    const ops: Record<string, unknown>[] = lock === null ? [] : [{ op: "written", lock }];
    for (const id of ids) {
      asked.push(++msg);
      ops.push({ op: "reserve", id: msg, u: id, t: id * 10, a: 10, m: 10 });
    }
    const write = ++msg;
    ops.push({ op: "write", id: write, users: [ids[round]], tokens: [ids[round]! * 10] });
    worker.batch(...ops);
    lock = (await worker.answerTo(write)).ok;
  }
  worker.batch({ op: "written", lock });
  const answers = await Promise.all(asked.map(worker.answerTo));
  expect(answers.filter((a) => a.err !== undefined)).toEqual([]);
  await settleTurns();
  for (const id of ids) {
    await ensureAccounts(id, id * 10);
    expect([userQuota(id), tokenRemain(id * 10)]).toEqual([10_000 - 10 * ROUNDS, 10_000 - 10 * ROUNDS]);
  }
});

test("a settlement after a console write dropped the balances answers the user's balance as unknown, not 0", async () => {
  const worker = fakeWorker(1);
  worker.batch({ op: "reserve", id: 1, u: 1, t: 10, a: 100, m: 100 });
  const { rid } = (await worker.answerTo(1)).ok as { rid: number };
  worker.batch({ op: "write", id: 2, users: [1], tokens: [10] });
  const lock = (await worker.answerTo(2)).ok;
  worker.batch({ op: "written", lock }, { op: "settle", id: 3, r: rid, actual: 80, ch: 3, rec: null });
  // 0 would read as an empty balance (settle.ts sends low-quota warnings on it).
  expect((await worker.answerTo(3)).ok).toEqual({ charged: 80, userQuota: null });
  await ensureAccounts(1, 10);
  expect(userQuota(1)).toBe(100_000 - 80);
});
