import "server-only";

// "An address already used cannot be registered or bound again" (issue 6). users.email is not a
// unique column (new-api's schema, and old rows may hold duplicates or ""), so uniqueness is enforced
// here, race-safe enough for both engines:
// - the check and the write that follows run in one transaction;
// - PostgreSQL: a transaction-scoped advisory lock keyed by the address serialises every
//   register/bind of that address; under READ COMMITTED the next holder's check then sees the
//   winner's committed row;
// - SQLite: the better-sqlite3 adapter runs interactive transactions one at a time in the process,
//   and a second process would fail to upgrade its read to a write (SQLITE_BUSY) instead of
//   writing a duplicate.
// Callers must write the address in the same transaction, after this check.
// The comparison ignores case (LOWER), so rows written by older paths with capitals still count,
// and soft-deleted accounts keep their address reserved, like their username.
import type { Prisma } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { normalizeEmail } from "@/modules/users/server/email-rules";
import { lockIdentity } from "@/modules/users/server/identity-lock";

/** Id of an account (other than `exceptUserId`) using the address, or null. */
export async function findEmailOwner(
  tx: Prisma.TransactionClient,
  email: string,
  exceptUserId = 0,
): Promise<number | null> {
  const address = normalizeEmail(email);
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM users WHERE LOWER(email) = ${address} AND id <> ${exceptUserId} LIMIT 1`;
  return rows[0] ? Number(rows[0].id) : null;
}

export async function assertEmailAvailable(
  tx: Prisma.TransactionClient,
  email: string,
  exceptUserId = 0,
): Promise<void> {
  const address = normalizeEmail(email);
  await lockIdentity(tx, `email:${address}`);
  if ((await findEmailOwner(tx, address, exceptUserId)) !== null) throw new AppError("conflict", "email_taken");
}
