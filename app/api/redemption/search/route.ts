// GET /api/redemption/search?keyword&p&page_size – codes by id or name; admin
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { redemptionSearchQuerySchema } from "@/modules/redemptions/schemas";
import { listRedemptions } from "@/modules/redemptions/server/list-redemptions";

export const GET = route({ role: "admin", query: redemptionSearchQuerySchema }, ({ query }) => listRedemptions(query));

export type SearchRedemptionsAnswer = RouteAnswer<typeof GET>;
