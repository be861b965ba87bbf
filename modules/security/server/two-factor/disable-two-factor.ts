import "server-only";

// POST /api/user/2fa/disable {code}: the code (TOTP or a backup code) is the fresh proof this needs;
// the secret and the backup codes are deleted.
import { db } from "@/lib/server/db";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { checkSecondFactor } from "@/modules/security/server/two-factor/check-second-factor";

export async function deleteTwoFactor(userId: number): Promise<number> {
  return db().$transaction(async (tx) => {
    await tx.twoFABackupCode.deleteMany({ where: { userId } });
    return (await tx.twoFA.deleteMany({ where: { userId } })).count;
  });
}

export async function disableTwoFactor(user: { id: number; username: string }, code: string): Promise<void> {
  await checkSecondFactor(user.id, code);
  await deleteTwoFactor(user.id);
  await recordLog({ type: LOG_TYPE.system, userId: user.id, username: user.username, content: "禁用两步验证" });
}
