// GET /api/user/aff – the caller's invite code, created on first request; user
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getAffCode } from "@/modules/profile/server/get-aff-code";

export const GET = route({ role: "user" }, ({ user }) => getAffCode(user.id));

export type GetUserAffAnswer = RouteAnswer<typeof GET>;
