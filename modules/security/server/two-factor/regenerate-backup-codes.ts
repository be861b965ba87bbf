import "server-only";

// POST /api/user/2fa/backup_codes {code}: new backup codes for a TOTP code (as new-api: not for a
// backup code, which would let one stolen code mint eight); the old ones stop working.
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { checkSecondFactor } from "@/modules/security/server/two-factor/check-second-factor";
import { storeNewBackupCodes } from "@/modules/security/server/two-factor/store-backup-codes";

export async function regenerateBackupCodes(user: { id: number; username: string }, code: string) {
  await checkSecondFactor(user.id, code, { totpOnly: true });
  const codes = await storeNewBackupCodes(user.id);
  await recordLog({
    type: LOG_TYPE.system,
    userId: user.id,
    username: user.username,
    content: "重新生成两步验证备用码",
  });
  return { backup_codes: codes };
}
