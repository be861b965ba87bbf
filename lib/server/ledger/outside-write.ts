import "server-only";

// A balance write that does not come from a relay request (top-up, redemption, check-in, admin edit,
// task refund) while Redis holds the balances: under the exclusive balance lock, read the database
// balances, run the write, read them again, and move Redis by exactly the difference. Balances not
// loaded in Redis are left alone (they are read from the database when next needed). The users'
// subscription plans Redis holds follow the database afterwards (redis-ledger.ts syncPlans).
import { type Tx, withBalanceLock } from "@/lib/server/ledger/balance-lock";
import { scripted, tokenKey, userKey } from "@/lib/server/ledger/redis-scripts";
import { queueRetry } from "@/lib/server/ledger/redis-upkeep";
import { syncPlans } from "@/lib/server/ledger/redis-ledger";

type Accounts = { userIds?: number[]; tokenIds?: number[] };
type Snapshot = { users: Map<number, number>; tokens: Map<number, { remain: number; unlimited: boolean }> };

async function snapshot(tx: Tx, accounts: Accounts): Promise<Snapshot> {
  const users = new Map<number, number>();
  const tokens = new Map<number, { remain: number; unlimited: boolean }>();
  if (accounts.userIds?.length) {
    const rows = await tx.user.findMany({ where: { id: { in: accounts.userIds } }, select: { id: true, quota: true } });
    for (const r of rows) users.set(r.id, Number(r.quota));
  }
  if (accounts.tokenIds?.length) {
    const rows = await tx.token.findMany({
      where: { id: { in: accounts.tokenIds } },
      select: { id: true, remainQuota: true, unlimitedQuota: true },
    });
    for (const r of rows) tokens.set(r.id, { remain: Number(r.remainQuota), unlimited: r.unlimitedQuota });
  }
  return { users, tokens };
}

async function adjust(args: (string | number)[]): Promise<void> {
  try {
    await scripted().gwAdjust(...args);
  } catch {
    queueRetry("gwAdjust", args);
  }
}

export async function writeOutsideRelay<T>(write: () => Promise<T>, accounts: Accounts): Promise<T> {
  return withBalanceLock(
    "exclusive",
    async (tx) => {
      const before = await snapshot(tx, accounts);
      const result = await write();
      const after = await snapshot(tx, accounts);
      for (const [id, quota] of after.users) {
        const d = quota - (before.users.get(id) ?? quota);
        if (d !== 0) await adjust([userKey(id), tokenKey(null), d, 0, ""]);
      }
      for (const [id, t] of after.tokens) {
        const b = before.tokens.get(id);
        const d = b ? t.remain - b.remain : 0;
        if (d !== 0 || (b && b.unlimited !== t.unlimited))
          await adjust([userKey(0), tokenKey(id), 0, d, t.unlimited ? "1" : "0"]);
      }
      // The user's subscriptions may have changed too (a purchase, a reset, an expiry).
      for (const id of accounts.userIds ?? []) await syncPlans(tx, id);
      return result;
    },
    { timeoutMs: 60_000 },
  );
}
