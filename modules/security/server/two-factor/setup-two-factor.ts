import "server-only";

// POST /api/user/2fa/setup: a new secret (sealed at rest) and backup codes, not yet enabled; the
// answer carries them once, with the otpauth:// URI the console draws as a QR code (new-api's shape:
// secret, qr_code_data, backup_codes). A set-up never replaces an enabled one.
import { db } from "@/lib/server/db";
import { seal } from "@/lib/server/crypto/secret-box";
import { AppError } from "@/lib/server/http/app-error";
import { getOption } from "@/lib/server/options/store";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { newTotpSecret, otpauthUri } from "@/modules/security/server/two-factor/totp";
import { storeNewBackupCodes } from "@/modules/security/server/two-factor/store-backup-codes";

export async function setupTwoFactor(user: { id: number; username: string }) {
  const existing = await db().twoFA.findUnique({ where: { userId: user.id }, select: { isEnabled: true } });
  if (existing?.isEnabled) throw new AppError("bad_request", "twofa_already_enabled");
  const secret = newTotpSecret();
  const now = Math.floor(Date.now() / 1000);
  const backupCodes = await db().$transaction(async (tx) => {
    await tx.twoFA.deleteMany({ where: { userId: user.id } });
    await tx.twoFA.create({ data: { userId: user.id, secret: seal(secret), createdAt: now, updatedAt: now } });
    return storeNewBackupCodes(user.id, tx);
  });
  await recordLog({ type: LOG_TYPE.system, userId: user.id, username: user.username, content: "开始设置两步验证" });
  const issuer = (await getOption("SystemName")) || "New API";
  return { secret, qr_code_data: otpauthUri(secret, user.username, issuer), backup_codes: backupCodes };
}
