// GET /api/user/token – issue a new system access token (the previous one stops working); user, rate-limited
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { resetAccessToken } from "@/modules/profile/server/reset-access-token";

export const GET = route({ role: "user", changesState: true }, ({ user }) => resetAccessToken(user.id));

export type GetUserTokenAnswer = RouteAnswer<typeof GET>;
