// GET /api/redemption/count-by-name?name – how many codes carry this exact name; admin
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { redemptionNameQuerySchema } from "@/modules/redemptions/schemas";
import { countRedemptionsByName } from "@/modules/redemptions/server/delete-redemptions";

export const GET = route({ role: "admin", query: redemptionNameQuerySchema }, ({ query }) =>
  countRedemptionsByName(query.name),
);

export type CountByNameAnswer = RouteAnswer<typeof GET>;
