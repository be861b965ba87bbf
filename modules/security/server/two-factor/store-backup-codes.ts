import "server-only";

// Replaces a user's backup codes with new ones (set-up, regeneration): only their hashes are kept.
import { db, type Prisma } from "@/lib/server/db";
import { hashBackupCode, newBackupCodes } from "@/modules/security/server/two-factor/backup-codes";

export async function storeNewBackupCodes(userId: number, tx: Prisma.TransactionClient = db()): Promise<string[]> {
  const codes = newBackupCodes();
  const createdAt = Math.floor(Date.now() / 1000);
  await tx.twoFABackupCode.deleteMany({ where: { userId } });
  await tx.twoFABackupCode.createMany({
    data: codes.map((code) => ({ userId, codeHash: hashBackupCode(code), createdAt })),
  });
  return codes;
}
