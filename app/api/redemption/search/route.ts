// GET /api/redemption/search?keyword&p&page_size – codes by id or name; admin
import { route } from "@/lib/server/http/route";
import { redemptionSearchQuerySchema } from "@/lib/schemas/redemption";
import { listRedemptions } from "@/lib/server/services/redemptions/list-redemptions";

export const GET = route({ role: "admin", query: redemptionSearchQuerySchema }, ({ query }) => listRedemptions(query));
