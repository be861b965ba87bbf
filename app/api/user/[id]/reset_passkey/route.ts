// DELETE /api/user/{id}/reset_passkey – remove a user's passkeys (lower role only; never a root's by an admin); audit-logged, admin
import { envelope, route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { adminResetPasskeys } from "@/modules/security/server/two-factor/admin-two-factor";

export const DELETE = route({ role: "admin" }, async ({ user, params, t }) => {
  await adminResetPasskeys(user, idParam(params));
  return envelope(null, t("passkey_admin_reset"));
});
