import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getOption } from "@/lib/server/options/store";

// GET /api/notice – the Notice option as stored (new-api's shape: data is the string); public
export const GET = route({ role: "public" }, () => getOption("Notice"));

export type GetNoticeAnswer = RouteAnswer<typeof GET>;
