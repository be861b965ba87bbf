// The in-memory quota ledger: atomic reservations, settlement at the whole cost (beyond the balance:
// a debt, the balance goes negative), refunds, and deltas that add up to exactly what was charged.
import { tokens, users } from "@/test-support/unit/ledger-db-mock";

jest.mock("@/lib/server/db", () => jest.requireActual("@/test-support/unit/ledger-db-mock").dbModule);

import {
  dropAccounts,
  ensureAccounts,
  refund,
  reserve,
  resetLedgerForTests,
  settle,
  tokenRemain,
  userQuota,
} from "@/lib/server/ledger/memory-ledger";
import { takeDeltas } from "@/lib/server/ledger/deltas";

beforeEach(() => {
  resetLedgerForTests();
  users.set(1, { quota: 1000n });
  tokens.set(10, { remainQuota: 300n, unlimitedQuota: false });
  tokens.set(11, { remainQuota: 0n, unlimitedQuota: true });
});

test("reservations never overdraw the token or the user", async () => {
  await ensureAccounts(1, 10);
  const ok = Array.from({ length: 10 }, () => reserve(1, 10, 100)).filter((r) => r.ok).length;
  expect(ok).toBe(3);
  expect(tokenRemain(10)).toBe(0);
  expect(userQuota(1)).toBe(700);
  expect(reserve(1, 10, 1)).toMatchObject({ ok: false, reason: "token_exhausted" });
});

test("a token with some quota left but not enough is refused as insufficient", async () => {
  await ensureAccounts(1, 10);
  expect(reserve(1, 10, 250).ok).toBe(true);
  expect(reserve(1, 10, 100)).toMatchObject({ ok: false, reason: "token_insufficient", tokenRemain: 50 });
});

test("the user's quota bounds an unlimited token", async () => {
  await ensureAccounts(1, 11);
  expect(reserve(1, 11, 600).ok).toBe(true);
  expect(reserve(1, 11, 600)).toMatchObject({ ok: false, reason: "user_insufficient" });
  expect(reserve(1, 11, 400).ok).toBe(true);
  expect(reserve(1, 11, 0)).toMatchObject({ ok: false, reason: "user_exhausted" });
});

test("settle charges the actual cost, refunds the difference, and an overrun becomes a debt", async () => {
  await ensureAccounts(1, 10);
  const a = reserve(1, 10, 100);
  const b = reserve(1, 10, 100);
  if (!a.ok || !b.ok) throw new Error("reserve failed");
  expect(settle(a.reservation, 40, 5)).toBe(40);
  expect(tokenRemain(10)).toBe(160);
  // b overruns: 100 reserved, 500 spent, only 160 more on the token: charged in full, 240 owed.
  expect(settle(b.reservation, 500, 5)).toBe(500);
  expect(tokenRemain(10)).toBe(-240);
  expect(userQuota(1)).toBe(460);
  const d = takeDeltas();
  expect(d.users.get(1)).toEqual({ quota: -540, used: 540, requests: 2 });
  expect(d.tokens.get(10)).toMatchObject({ remain: -540, used: 540 });
  expect(d.channels.get(5)).toBe(540);
  // In debt: refused until a top-up pays it.
  expect(reserve(1, 10, 1)).toMatchObject({ ok: false, reason: "token_exhausted" });
});

test("a user in debt is refused, and a top-up pays the debt first", async () => {
  users.set(1, { quota: 100n });
  await ensureAccounts(1, 11);
  const r = reserve(1, 11, 100);
  if (!r.ok) throw new Error("reserve failed");
  expect(settle(r.reservation, 350, 1)).toBe(350);
  expect(userQuota(1)).toBe(-250);
  expect(reserve(1, 11, 1)).toMatchObject({ ok: false, reason: "user_exhausted" });
  // A top-up of 1000 (a console write: deltas written, balance re-read) leaves 750.
  const d = takeDeltas();
  users.set(1, { quota: 100n + BigInt(d.users.get(1)!.quota) + 1000n });
  dropAccounts([1], []);
  await ensureAccounts(1, 11);
  expect(userQuota(1)).toBe(750);
  expect(reserve(1, 11, 700).ok).toBe(true);
});

test("a request in flight while a console write drops its accounts is still charged, once", async () => {
  await ensureAccounts(1, 10);
  const a = reserve(1, 10, 100);
  const b = reserve(1, 10, 100);
  if (!a.ok || !b.ok) throw new Error("reserve failed");
  // writeAfterFlush: the pending deltas are written, the write runs, the cached balances are dropped.
  takeDeltas();
  users.set(1, { quota: 800n });
  tokens.set(10, { remainQuota: 100n, unlimitedQuota: false });
  dropAccounts([1], [10]);
  // Settled before the accounts are read again: only the deltas change, by the whole cost.
  expect(settle(a.reservation, 40, 5)).toBe(40);
  expect(settle(b.reservation, 500, 5)).toBe(500);
  expect(takeDeltas()).toMatchObject({
    users: new Map([[1, { quota: -340, used: 540, requests: 2 }]]),
    tokens: new Map([[10, expect.objectContaining({ remain: -340, used: 340 })]]),
  });
  // Read again: the database's balances (the deltas above are in them once written).
  await ensureAccounts(1, 10);
  expect(userQuota(1)).toBe(800);
  expect(tokenRemain(10)).toBe(100);
});

test("refund gives everything back and a settled reservation cannot be refunded or settled again", async () => {
  await ensureAccounts(1, 10);
  const r = reserve(1, 10, 100);
  if (!r.ok) throw new Error("reserve failed");
  refund(r.reservation);
  expect(tokenRemain(10)).toBe(300);
  expect(userQuota(1)).toBe(1000);
  refund(r.reservation);
  expect(tokenRemain(10)).toBe(300);
  expect(() => settle(r.reservation, 10, 1)).toThrow();
  const d = takeDeltas();
  expect(d.users.get(1)).toEqual({ quota: 0, used: 0, requests: 0 });
});

test("playground reservations (no token) bill the user only", async () => {
  await ensureAccounts(1, null);
  const r = reserve(1, null, 50);
  if (!r.ok) throw new Error("reserve failed");
  expect(settle(r.reservation, 50, 2)).toBe(50);
  expect(userQuota(1)).toBe(950);
});

test("a reservation with a minimum takes what the balances hold, down to that minimum", async () => {
  await ensureAccounts(1, 10);
  // Token 10 holds 300: asked for 1000 with minimum 50, the whole 300 is reserved (output capped to it).
  const r = reserve(1, 10, 1000, 50);
  expect(r).toMatchObject({ ok: true, reservation: { amount: 300 } });
  expect(tokenRemain(10)).toBe(0);
  expect(reserve(1, 10, 1000, 50)).toMatchObject({ ok: false, reason: "token_exhausted" });
  if (r.ok) settle(r.reservation, 300, 1);
  expect(tokenRemain(10)).toBe(0);
  // Unlimited token: the user's 700 bounds it; below the minimum nothing is reserved.
  await ensureAccounts(1, 11);
  expect(reserve(1, 11, 5000, 800)).toMatchObject({ ok: false, reason: "user_insufficient", userQuota: 700 });
  expect(reserve(1, 11, 5000, 100)).toMatchObject({ ok: true, reservation: { amount: 700 } });
  expect(userQuota(1)).toBe(0);
});

test("non-finite amounts never reach a balance: reserve throws, settle charges the reservation", async () => {
  await ensureAccounts(1, 10);
  expect(() => reserve(1, 10, NaN)).toThrow(/non-finite/);
  expect(() => reserve(1, 10, 100, Infinity)).toThrow(/non-finite/);
  const r = reserve(1, 10, 100);
  if (!r.ok) throw new Error("reserve failed");
  expect(settle(r.reservation, NaN, 5)).toBe(100);
  expect(userQuota(1)).toBe(900);
  expect(tokenRemain(10)).toBe(200);
  // The balances still refuse what they cannot pay.
  expect(reserve(1, 10, 250)).toMatchObject({ ok: false, reason: "token_insufficient" });
  const d = takeDeltas();
  expect(Number.isFinite(d.users.get(1)!.quota)).toBe(true);
  expect(d.users.get(1)!.used).toBe(100);
});
