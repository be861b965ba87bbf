// DELETE /api/user/{id}/2fa – turn off a user's two-factor (lower role only; never a root's by an admin); audit-logged, admin
import { envelope, route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { adminResetTwoFactor } from "@/modules/security/server/two-factor/admin-two-factor";

export const DELETE = route({ role: "admin" }, async ({ user, params, t }) => {
  await adminResetTwoFactor(user, idParam(params));
  return envelope(null, t("twofa_admin_reset"));
});
