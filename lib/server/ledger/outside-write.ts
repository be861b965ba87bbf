import "server-only";

// A balance write that does not come from a relay request (top-up, redemption, check-in, admin edit,
// task refund) while Redis holds the balances: under the exclusive balance lock, read the database
// balances, run the write, read them again, and move Redis by exactly the difference. Balances not
// loaded in Redis are left alone (they are read from the database when next needed). The users'
// subscription plans Redis holds follow the database afterwards (redis-ledger.ts syncPlans).
import { type Tx, withBalanceLock } from "@/lib/server/ledger/balance-lock";
import { planKey, scripted, tokenKey, userKey } from "@/lib/server/ledger/redis-scripts";
import { queueRetry } from "@/lib/server/ledger/redis-upkeep";
import { syncPlans } from "@/lib/server/ledger/redis-ledger";

type Accounts = { userIds?: number[]; tokenIds?: number[] };
type Snapshot = {
  users: Map<number, number>;
  tokens: Map<number, { remain: number; unlimited: boolean }>;
  /** "<sub>:<epoch>" → used quota, of the users' subscriptions */
  plans: Map<string, { userId: number; sub: number; epoch: number; used: number }>;
};

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
  const plans: Snapshot["plans"] = new Map();
  if (accounts.userIds?.length) {
    const rows = await tx.userSubscription.findMany({
      where: { userId: { in: accounts.userIds }, status: "active" },
      select: { id: true, userId: true, quotaEpoch: true, amountUsed: true },
    });
    for (const r of rows)
      plans.set(`${r.id}:${r.quotaEpoch}`, {
        userId: r.userId,
        sub: r.id,
        epoch: r.quotaEpoch,
        used: Number(r.amountUsed),
      });
  }
  return { users, tokens, plans };
}

async function adjust(args: (string | number)[], command: "gwAdjust" | "gwPlanAdjust" = "gwAdjust"): Promise<void> {
  try {
    await scripted()[command](...args);
  } catch {
    queueRetry(command, args);
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
      // A subscription's used quota moved within its period (a task's refund): Redis moves as much.
      for (const [key, p] of after.plans) {
        const d = p.used - (before.plans.get(key)?.used ?? p.used);
        if (d !== 0) await adjust([planKey(p.userId), p.sub, p.epoch, d], "gwPlanAdjust");
      }
      // The user's subscriptions may have changed too (a purchase, a reset, an expiry).
      for (const id of accounts.userIds ?? []) await syncPlans(tx, id);
      return result;
    },
    { timeoutMs: 60_000 },
  );
}
