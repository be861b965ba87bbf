import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getOption } from "@/lib/server/options/store";

// GET /api/home_page_content – the HomePageContent option as stored (new-api's shape); public
export const GET = route({ role: "public" }, () => getOption("HomePageContent"));

export type GetHomePageContentAnswer = RouteAnswer<typeof GET>;
