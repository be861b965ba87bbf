import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getStatus } from "@/lib/server/site-status";

// GET /api/status – public site status and enabled features
export const GET = route({ role: "public" }, () => getStatus());

export type GetStatusAnswer = RouteAnswer<typeof GET>;
