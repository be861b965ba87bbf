import "server-only";

// GET /api/user/2fa/status: new-api's {enabled, locked, backup_codes_remaining}.
import { db } from "@/lib/server/db";
import { isLocked } from "@/modules/security/server/two-factor/check-second-factor";

export async function twoFactorStatus(userId: number) {
  const row = await db().twoFA.findUnique({ where: { userId }, select: { isEnabled: true } });
  const status: { enabled: boolean; locked: boolean; backup_codes_remaining?: number } = {
    enabled: Boolean(row?.isEnabled),
    locked: row ? await isLocked(userId) : false,
  };
  if (row?.isEnabled) {
    status.backup_codes_remaining = await db().twoFABackupCode.count({ where: { userId, isUsed: false } });
  }
  return status;
}
