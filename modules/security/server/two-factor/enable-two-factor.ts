import "server-only";

// POST /api/user/2fa/enable {code}: the first good code of the set-up's secret switches it on.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import {
  acceptTotp,
  assertNotLocked,
  forgiveFailures,
  refuseWrongProof,
  totpDigits,
} from "@/modules/security/server/two-factor/check-second-factor";

export async function enableTwoFactor(user: { id: number; username: string }, code: string): Promise<void> {
  await assertNotLocked(user.id);
  const row = await db().twoFA.findUnique({ where: { userId: user.id }, select: { secret: true, isEnabled: true } });
  if (!row) throw new AppError("bad_request", "twofa_setup_first");
  if (row.isEnabled) throw new AppError("bad_request", "twofa_already_enabled");
  const digits = totpDigits(code);
  if (!digits || !(await acceptTotp(user.id, row.secret, digits, true))) {
    throw await refuseWrongProof(user.id, "twofa_code_invalid");
  }
  await forgiveFailures(user.id);
  await recordLog({ type: LOG_TYPE.system, userId: user.id, username: user.username, content: "成功启用两步验证" });
}
