import { envelope, route } from "@/lib/server/http/route";
import { adminUpdateUserSchema } from "@/lib/schemas/account";
import { adminUpdateUser } from "@/lib/server/services/users/admin-update-user";

// PUT /api/user/ – an admin edits a user (fields, password, group, quota)
export const PUT = route({ role: "admin", body: adminUpdateUserSchema }, async ({ user, body, t }) => {
  await adminUpdateUser(user, body);
  return envelope(null, t("update_success"));
});
