// Runs "is this WeChat/Telegram id free? then take it" as one transaction that no other binder or
// registrant of the same id can interleave with, so two requests racing for one id cannot both win.
// SQLite: the adapter runs one transaction at a time. PostgreSQL: a transaction-scoped advisory lock
// on the id; under READ COMMITTED each statement after it sees what the previous holder committed.
// (Not SERIALIZABLE isolation: a serialization failure raised at COMMIT leaks the pooled connection
// in Prisma's transaction manager, and the pool then hangs at shutdown.)
import { env } from "@/lib/env";
import { db, type Prisma } from "@/lib/server/db";
import type { ImProvider } from "@/lib/server/services/im-auth/im-providers";

export async function withImIdLock<T>(
  provider: ImProvider,
  externalId: string,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return db().$transaction(async (tx) => {
    if (env().databaseType === "postgres") {
      await tx.$executeRawUnsafe(
        "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
        `im:${provider}:${externalId}`,
      );
    }
    return fn(tx);
  });
}
