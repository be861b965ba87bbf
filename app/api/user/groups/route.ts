import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listPublicGroups } from "@/modules/profile/server/list-public-groups";
import { listSelfGroups } from "@/modules/profile/server/list-self-groups";

// GET /api/user/groups – {group: {ratio, desc}}: the caller's usable groups when logged in (as
// /api/user/self/groups), else the groups of UserUsableGroups that have a ratio (new-api); public
export const GET = route({ role: "public" }, ({ user }) => (user ? listSelfGroups(user.id) : listPublicGroups()));

export type GetUserGroupsAnswer = RouteAnswer<typeof GET>;
