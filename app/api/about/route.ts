import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getOption } from "@/lib/server/options/store";

// GET /api/about – the About option as stored (new-api's shape: data is the string); public
export const GET = route({ role: "public" }, () => getOption("About"));

export type GetAboutAnswer = RouteAnswer<typeof GET>;
