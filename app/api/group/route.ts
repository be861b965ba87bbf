import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listGroupNames } from "@/modules/channels/server/list-group-names";

// GET /api/group/ – group names (keys of GroupRatio); admin
export const GET = route({ role: "admin" }, () => listGroupNames());

export type GroupsAnswer = RouteAnswer<typeof GET>;
