import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listSelfGroups } from "@/modules/profile/server/list-self-groups";

// GET /api/user/self/groups – groups the caller may use, {group: {desc, ratio}}, own group first; user
export const GET = route({ role: "user" }, ({ user }) => listSelfGroups(user.id));

export type SelfGroupsAnswer = RouteAnswer<typeof GET>;
