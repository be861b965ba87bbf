// The rows the quota ledger reads when it first meets a user or a token, for tests that mock
// @/lib/server/db with them: jest.mock("@/lib/server/db", () => jest.requireActual("./ledger-db-mock").dbModule).
export const users = new Map<number, { quota: bigint }>();
export const tokens = new Map<number, { remainQuota: bigint; unlimitedQuota: boolean }>();

/** user_subscriptions rows (the fields the ledger reads and the reset writes). */
export type SubscriptionRow = {
  id: number;
  userId: number;
  planId: number;
  amountTotal: bigint;
  amountUsed: bigint;
  startTime: bigint;
  endTime: bigint;
  status: string;
  lastResetTime: bigint;
  nextResetTime: bigint;
  quotaEpoch: number;
  allowWalletOverflow: boolean;
};
export const subscriptions = new Map<number, SubscriptionRow>();
export const plans = new Map<number, { id: number; title: string; quotaResetPeriod: string } & Record<string, unknown>>();

type Where = { userId?: number; status?: string; endTime?: { gt: bigint }; nextResetTime?: { gt: bigint; lte: bigint } };

function matches(s: SubscriptionRow, w: Where): boolean {
  return (
    (w.userId === undefined || s.userId === w.userId) &&
    (w.status === undefined || s.status === w.status) &&
    (w.endTime === undefined || s.endTime > w.endTime.gt) &&
    (w.nextResetTime === undefined || (s.nextResetTime > w.nextResetTime.gt && s.nextResetTime <= w.nextResetTime.lte))
  );
}

export const dbModule = {
  db: () => ({
    user: { findUnique: async ({ where }: { where: { id: number } }) => users.get(where.id) ?? null },
    token: { findUnique: async ({ where }: { where: { id: number } }) => tokens.get(where.id) ?? null },
    userSubscription: {
      findMany: async ({ where }: { where: Where }) =>
        [...subscriptions.values()]
          .filter((s) => matches(s, where))
          .sort((a, b) => Number(a.endTime - b.endTime) || a.id - b.id)
          .map((s) => ({ ...s })),
      updateMany: async ({
        where,
        data,
      }: {
        where: { id: number; quotaEpoch: number; nextResetTime: bigint; status: string };
        data: Partial<SubscriptionRow>;
      }) => {
        const s = subscriptions.get(where.id);
        if (!s || s.quotaEpoch !== where.quotaEpoch || s.nextResetTime !== where.nextResetTime || s.status !== where.status)
          return { count: 0 };
        Object.assign(s, Object.fromEntries(Object.entries(data).filter(([k]) => k !== "updatedAt")));
        return { count: 1 };
      },
    },
    subscriptionPlan: {
      findUnique: async ({ where }: { where: { id: number } }) => plans.get(where.id) ?? null,
      findMany: async ({ where }: { where: { id: { in: number[] } } }) =>
        where.id.in.map((id) => plans.get(id)).filter(Boolean),
    },
  }),
  sqliteConnection: () => null, // no SQLite connection under the mock: the ledger reads through db()
};
