import "server-only";

// Orders, across instances, the three things that touch a balance in the database while Redis holds
// it: bookkeeping flushes (shared), loads of a balance into Redis (shared) and outside writes such as
// top-ups or admin edits (exclusive). An outside write reads the balances before and after itself
// and moves Redis by the difference; no flush or load may land in between, or Redis would count a
// charge twice or miss the write. On PostgreSQL this is a transaction-scoped advisory lock; SQLite
// means one instance, whose in-process queue (deltas.serialised) already orders them.
import { env } from "@/lib/env";
import { db, type Prisma } from "@/lib/server/db";

/** Arbitrary constant: the advisory lock id of "relay balances". */
const LOCK_ID = 727_001;

export type Tx = Prisma.TransactionClient;

export async function withBalanceLock<T>(
  mode: "shared" | "exclusive",
  fn: (tx: Tx) => Promise<T>,
  opts: { timeoutMs?: number } = {},
): Promise<T> {
  if (env().databaseType !== "postgres") return fn(db() as unknown as Tx);
  return db().$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(
        mode === "shared"
          ? `SELECT pg_advisory_xact_lock_shared(${LOCK_ID})`
          : `SELECT pg_advisory_xact_lock(${LOCK_ID})`,
      );
      return fn(tx);
    },
    { maxWait: 10_000, timeout: opts.timeoutMs ?? 15_000 },
  );
}

/** The statement that takes the shared lock inside an existing transaction (the flush). */
export function sharedLockStatement(): string | null {
  return env().databaseType === "postgres" ? `SELECT pg_advisory_xact_lock_shared(${LOCK_ID})` : null;
}
