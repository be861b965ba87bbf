// GET /api/user/check_in_status – whether the caller can check in today (data.can_check_in); user
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getCheckInStatus } from "@/modules/profile/server/get-check-in-status";

export const GET = route({ role: "user" }, ({ user }) => getCheckInStatus(user.id));

export type GetUserCheckInStatusAnswer = RouteAnswer<typeof GET>;
