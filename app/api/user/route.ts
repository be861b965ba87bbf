import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { adminUpdateUserSchema } from "@/modules/users/schemas/account";
import { createUserSchema } from "@/modules/users/schemas/user-admin";
import { pageQuerySchema } from "@/lib/schemas/pagination";
import { adminUpdateUser } from "@/modules/users/server/admin-update-user";
import { createUserByAdmin } from "@/modules/users/server/create-user";
import { listUsers } from "@/modules/users/server/list-users";

// GET /api/user/?p&page_size – every user, newest first (deleted ones included); admin
export const GET = route({ role: "admin", query: pageQuerySchema }, ({ query, user }) => listUsers(query, user));

// POST /api/user/ – an admin adds an ordinary user {username, display_name, password}
export const POST = route({ role: "admin", body: createUserSchema }, async ({ user, body, t }) => {
  const created = await createUserByAdmin(user, body);
  return envelope(created, t("user_create_success"));
});

// PUT /api/user/ – an admin edits a user of lower role (fields, password, group, quota)
export const PUT = route({ role: "admin", body: adminUpdateUserSchema }, async ({ user, body, t }) => {
  await adminUpdateUser(user, body);
  return envelope(null, t("user_update_success"));
});

export type ListUsersAnswer = RouteAnswer<typeof GET>;
export type PostUserAnswer = RouteAnswer<typeof POST>;
export type PutUserAnswer = RouteAnswer<typeof PUT>;
