// The rows the quota ledger reads when it first meets a user or a token, for tests that mock
// @/lib/server/db with them: jest.mock("@/lib/server/db", () => jest.requireActual("./ledger-db-mock").dbModule).
export const users = new Map<number, { quota: bigint }>();
export const tokens = new Map<number, { remainQuota: bigint; unlimitedQuota: boolean }>();

export const dbModule = {
  db: () => ({
    user: { findUnique: async ({ where }: { where: { id: number } }) => users.get(where.id) ?? null },
    token: { findUnique: async ({ where }: { where: { id: number } }) => tokens.get(where.id) ?? null },
  }),
  sqliteConnection: () => null, // no SQLite connection under the mock: the ledger reads through db()
};
