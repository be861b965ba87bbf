import { route, type RouteAnswer } from "@/lib/server/http/route";
import { userSearchQuerySchema } from "@/modules/users/schemas/account";
import { listUsers } from "@/modules/users/server/list-users";

// GET /api/user/search?keyword&group&p&page_size – users by id/username/display name/email and group; admin
export const GET = route({ role: "admin", query: userSearchQuerySchema }, ({ query, user }) => listUsers(query, user));

export type SearchUsersAnswer = RouteAnswer<typeof GET>;
