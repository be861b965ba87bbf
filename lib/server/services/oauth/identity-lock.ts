// One provider account may belong to one user only, but the id columns are plain indexes (a
// provider id is "" for most users). Registering or binding a provider account therefore runs in a
// transaction that holds a lock named after that account: PostgreSQL takes a transaction-scoped
// advisory lock; SQLite transactions are already serialised (one writer, and the adapter queues
// interactive transactions). Inside, "is it taken?" and the write cannot interleave with another
// registration or bind of the same account.
import { env } from "@/lib/env";
import { db, type Prisma } from "@/lib/server/db";
import type { OAuthProviderId } from "@/lib/oauth/providers";

export async function withOAuthIdentityLock<T>(
  provider: OAuthProviderId,
  providerUserId: string,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return db().$transaction(async (tx) => {
    if (env().databaseType === "postgres") {
      await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext($1))", `oauth:${provider}:${providerUserId}`);
    }
    return work(tx);
  });
}
