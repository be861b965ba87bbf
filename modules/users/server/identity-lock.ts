import "server-only";

// One sign-in identity (an e-mail address, an OAuth account, a WeChat or Telegram id) may belong to
// one user only, but those columns are plain indexes ("" for most users). "Is it taken? then take
// it" therefore runs in a transaction holding a lock named after the identity, so two registrations
// or binds of the same identity cannot both win:
// - PostgreSQL: a transaction-scoped advisory lock; under READ COMMITTED every statement after it
//   sees what the previous holder committed. (Not SERIALIZABLE isolation: a serialization failure
//   raised at COMMIT leaks the pooled connection in Prisma's transaction manager.)
// - SQLite: the adapter runs interactive transactions one at a time, so nothing to take.
import { env } from "@/lib/env";
import { db, type Prisma } from "@/lib/server/db";

/** Takes the identity's lock inside an open transaction (released at its end). */
export async function lockIdentity(tx: Prisma.TransactionClient, name: string): Promise<void> {
  if (env().databaseType !== "postgres") return;
  await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", name);
}

/** Runs `work` in a new transaction holding the identity's lock. */
export function withIdentityLock<T>(name: string, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db().$transaction(async (tx) => {
    await lockIdentity(tx, name);
    return work(tx);
  });
}
