import { envelope, route } from "@/lib/server/http/route";
import { adminUpdateUserSchema } from "@/lib/schemas/account";
import { pageQuerySchema } from "@/lib/schemas/pagination";
import { adminUpdateUser } from "@/lib/server/services/users/admin-update-user";
import { listUsers } from "@/lib/server/services/users/list-users";

// GET /api/user/?p&page_size – every user, newest first (deleted ones included); admin
export const GET = route({ role: "admin", query: pageQuerySchema }, ({ query }) => listUsers(query));

// PUT /api/user/ – an admin edits a user (fields, password, group, quota)
export const PUT = route({ role: "admin", body: adminUpdateUserSchema }, async ({ user, body, t }) => {
  await adminUpdateUser(user, body);
  return envelope(null, t("update_success"));
});
