// POST /api/user/manage – promote, demote, disable, enable, delete, add_quota; data {status, role}; admin
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { manageUserSchema } from "@/modules/users/schemas/user-admin";
import { manageUser } from "@/modules/users/server/manage-user";

export const POST = route({ role: "admin", body: manageUserSchema }, async ({ user, body, t }) =>
  envelope(await manageUser(user, body), t("user_manage_success")),
);

export type PostUserManageAnswer = RouteAnswer<typeof POST>;
