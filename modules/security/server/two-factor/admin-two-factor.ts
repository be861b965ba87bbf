import "server-only";

// Admin views of two-factor sign-in. GET /api/user/2fa/stats: new-api's {total_users, enabled_users,
// enabled_rate}. DELETE /api/user/{id}/2fa (and /reset_passkey): an admin turns off a user's
// two-factor or removes its passkeys (a lost phone),
// only for a user of a lower role (never another admin's or a root's; root may reset any but its
// own, which it turns off itself), audit-logged under the admin.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { ROLE } from "@/lib/constants";
import { recordAdminAction } from "@/lib/server/ledger/journal";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { deleteTwoFactor } from "@/modules/security/server/two-factor/disable-two-factor";

export async function twoFactorStats() {
  const [totalUsers, enabledUsers] = await Promise.all([
    db().user.count({ where: { deletedAt: null } }),
    db().twoFA.count({ where: { isEnabled: true } }),
  ]);
  const rate = totalUsers > 0 ? (enabledUsers / totalUsers) * 100 : 0;
  return { total_users: totalUsers, enabled_users: enabledUsers, enabled_rate: `${rate.toFixed(1)}%` };
}

/** The user an admin may reset the second factors of: a lower role, or anyone but itself for root. */
async function resetTarget(actor: CurrentUser, targetId: number) {
  const target = await db().user.findUnique({
    where: { id: targetId },
    select: { id: true, username: true, role: true },
  });
  if (!target) throw new AppError("not_found", "user_not_found");
  const allowed = actor.role >= ROLE.root ? target.id !== actor.id : target.role < actor.role;
  if (!allowed) throw new AppError("forbidden", "twofa_reset_forbidden");
  return target;
}

export async function adminResetTwoFactor(actor: CurrentUser, targetId: number): Promise<void> {
  const target = await resetTarget(actor, targetId);
  if ((await deleteTwoFactor(target.id)) === 0) throw new AppError("bad_request", "twofa_not_enabled");
  await recordAdminAction(actor, "user_2fa_disable", `强制禁用了用户 ${target.username}（ID ${target.id}）的两步验证`, {
    target_user_id: target.id,
  });
}

/** DELETE /api/user/{id}/reset_passkey: an admin removes a user's passkeys (same role rule), audit-logged. */
export async function adminResetPasskeys(actor: CurrentUser, targetId: number): Promise<void> {
  const target = await resetTarget(actor, targetId);
  const res = await db().passkeyCredential.deleteMany({ where: { userId: target.id } });
  if (res.count === 0) throw new AppError("bad_request", "passkey_not_registered");
  await recordAdminAction(actor, "user_reset_passkey", `重置了用户 ${target.username}（ID ${target.id}）的 Passkey`, {
    target_user_id: target.id,
  });
}
