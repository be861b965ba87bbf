// GET /api/user/sessions – the caller's signed-in sessions (device, address, last seen)
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { currentAuthVersion, listSessions } from "@/modules/security/server/sessions/list-sessions";

export const GET = route({ role: "user" }, async ({ user }) => listSessions(user, await currentAuthVersion(user.id)));

export type GetUserSessionsAnswer = RouteAnswer<typeof GET>;
