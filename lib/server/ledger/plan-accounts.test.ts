// Subscription plans in the in-memory ledger: new-api's paying order (plans by end time, the billing
// preference, wallet overflow), exact settlement and refunds on the plan that reserved, never more
// than a plan holds under any number of reservations, and a period reset that happens once and is
// never undone by charges of the period it ended.
import { plans, subscriptions, tokens, users, type SubscriptionRow } from "@/test-support/unit/ledger-db-mock";

jest.mock("@/lib/server/db", () => jest.requireActual("@/test-support/unit/ledger-db-mock").dbModule);

import {
  ensureAccounts,
  refund,
  reserve,
  reserveLoading,
  resetLedgerForTests,
  settle,
  tokenRemain,
  userQuota,
} from "@/lib/server/ledger/memory-ledger";
import { takeDeltas } from "@/lib/server/ledger/deltas";
import { plansOf } from "@/lib/server/ledger/plan-accounts";

const now = () => Math.floor(Date.now() / 1000);

function sub(id: number, fields: Partial<SubscriptionRow> = {}): void {
  subscriptions.set(id, {
    id,
    userId: 1,
    planId: 7,
    amountTotal: 1000n,
    amountUsed: 0n,
    startTime: BigInt(now() - 60),
    endTime: BigInt(now() + 3600),
    status: "active",
    lastResetTime: 0n,
    nextResetTime: 0n,
    quotaEpoch: 0,
    allowWalletOverflow: false,
    ...fields,
  });
}

const used = (id: number) => plansOf(1)?.find((p) => p.id === id)?.used;

beforeEach(() => {
  resetLedgerForTests();
  subscriptions.clear();
  users.set(1, { quota: 500n });
  tokens.set(10, { remainQuota: 10_000n, unlimitedQuota: false });
  plans.set(7, { id: 7, title: "Pro", quotaResetPeriod: "custom", quotaResetCustomSeconds: 60n } as never);
});

test("a plan pays before the wallet; settlement and refund move the plan that reserved, never the wallet", async () => {
  sub(1);
  await ensureAccounts(1, 10);
  const a = reserve(1, 10, 300);
  if (!a.ok) throw new Error(a.reason);
  expect(a.reservation.plan).toMatchObject({ sub: 1, planId: 7, epoch: 0, total: 1000, usedAfter: 300 });
  expect(userQuota(1)).toBe(500);
  expect(tokenRemain(10)).toBe(9_700);
  expect(settle(a.reservation, 120, 3)).toBe(120);
  expect(used(1)).toBe(120);
  expect(tokenRemain(10)).toBe(9_880);
  const b = reserve(1, 10, 200);
  if (!b.ok) throw new Error(b.reason);
  refund(b.reservation);
  expect(used(1)).toBe(120);
  expect(userQuota(1)).toBe(500);
  const d = takeDeltas();
  expect([...d.plans.values()]).toEqual([{ sub: 1, epoch: 0, used: 120 }]);
  expect(d.users.get(1)).toEqual({ quota: 0, used: 120, requests: 1 });
});

test("plans pay in new-api's order: the one ending first, then the next when it cannot cover", async () => {
  sub(1, { endTime: BigInt(now() + 7200) });
  sub(2, { endTime: BigInt(now() + 600), amountTotal: 250n });
  await ensureAccounts(1, 10);
  const first = reserve(1, 10, 200);
  const second = reserve(1, 10, 200);
  expect(first.ok && first.reservation.plan?.sub).toBe(2);
  expect(second.ok && second.reservation.plan?.sub).toBe(1);
});

test("no plan covers it: refused without overflow, the wallet pays with it; wallet_first, the _only preferences", async () => {
  sub(1, { amountTotal: 100n });
  await ensureAccounts(1, 10);
  expect(reserve(1, 10, 200)).toMatchObject({ ok: false, reason: "subscription_insufficient" });
  expect(reserve(1, 10, 200, 200, "wallet_only")).toMatchObject({ ok: true, reservation: { amount: 200 } });
  expect(userQuota(1)).toBe(300);
  const walletFirst = reserve(1, 10, 50, 50, "wallet_first");
  expect(walletFirst.ok && walletFirst.reservation.plan).toBeUndefined();
  expect(reserve(1, 10, 400, 400, "wallet_first")).toMatchObject({ ok: false, reason: "subscription_insufficient" });
  expect(reserve(1, 10, 250, 250, "wallet_only").ok).toBe(true); // the wallet is empty now
  const planPays = reserve(1, 10, 100, 100, "wallet_first");
  expect(planPays.ok && planPays.reservation.plan?.sub).toBe(1);
  expect(reserve(1, 10, 1, 1, "subscription_only")).toMatchObject({ ok: false, reason: "subscription_insufficient" });

  subscriptions.get(1)!.allowWalletOverflow = true;
  resetLedgerForTests();
  await ensureAccounts(1, 10);
  const overflow = reserve(1, 10, 200);
  expect(overflow.ok && overflow.reservation.plan).toBeUndefined();
  expect(userQuota(1)).toBe(300);
  expect(reserve(1, 10, 400)).toMatchObject({ ok: false, reason: "user_insufficient" });
});

test("without an active plan subscription_first is the wallet; subscription_only is refused", async () => {
  sub(1, { endTime: BigInt(now() - 1) });
  await ensureAccounts(1, 10);
  expect(reserve(1, 10, 100)).toMatchObject({ ok: true, reservation: { amount: 100 } });
  expect(reserve(1, 10, 100, 100, "subscription_only")).toMatchObject({ reason: "subscription_insufficient" });
});

test("the token still bounds a plan's reservation; a minimum takes what the plan holds", async () => {
  sub(1, { amountTotal: 0n }); // unlimited plan
  tokens.set(10, { remainQuota: 150n, unlimitedQuota: false });
  await ensureAccounts(1, 10);
  expect(reserve(1, 10, 200)).toMatchObject({ ok: false, reason: "token_insufficient" });
  expect(reserve(1, 10, 200, 50)).toMatchObject({ ok: true, reservation: { amount: 150 } });
  subscriptions.clear();
  sub(2, { amountTotal: 300n, amountUsed: 220n });
  resetLedgerForTests();
  await ensureAccounts(1, null);
  expect(reserve(1, null, 200, 50)).toMatchObject({ ok: true, reservation: { amount: 80, plan: { sub: 2 } } });
});

test("a thousand reservations on a plan holding ten never take an eleventh", async () => {
  sub(1, { amountTotal: 10_000n });
  const results = await Promise.all(Array.from({ length: 1000 }, () => reserveLoading(1, 10, 1000)));
  expect(results.filter((r) => r.ok)).toHaveLength(10);
  expect(used(1)).toBe(10_000);
  expect(userQuota(1)).toBe(500);
});

test("a period that ended is reset once, before paying; a late charge of the old period never lands in the new one", async () => {
  sub(1, { amountTotal: 1000n, nextResetTime: BigInt(now() + 3600), lastResetTime: BigInt(now() - 60) });
  const before = await reserveLoading(1, 10, 900);
  if (!before.ok) throw new Error(before.reason);
  expect(reserve(1, 10, 900)).toMatchObject({ ok: false, reason: "subscription_insufficient" });
  // The boundary passes (the row says the period ended a second ago; the cached copy too).
  const row = subscriptions.get(1)!;
  row.nextResetTime = BigInt(now() - 1);
  plansOf(1)![0]!.nextReset = now() - 1;
  const after = await reserveLoading(1, 10, 900);
  if (!after.ok) throw new Error(after.reason);
  expect(after.reservation.plan).toMatchObject({ sub: 1, epoch: 1, usedAfter: 900 });
  expect(row.quotaEpoch).toBe(1);
  expect(row.amountUsed).toBe(0n);
  expect(Number(row.nextResetTime)).toBeGreaterThan(now());
  // The old period's reservation settles late: the new period's used quota does not move.
  settle(before.reservation, 100, 3);
  expect(used(1)).toBe(900);
  const d = takeDeltas();
  expect(d.plans.get("1:0")?.used).toBe(100);
  expect(d.plans.get("1:1")?.used).toBe(900);
  // Asking again resets nothing more.
  expect(reserve(1, 10, 100)).toMatchObject({ ok: true, reservation: { plan: { epoch: 1 } } });
  expect(row.quotaEpoch).toBe(1);
});
