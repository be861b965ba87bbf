// GET /api/redemption/count-by-name?name – how many codes carry this exact name; admin
import { route } from "@/lib/server/http/route";
import { redemptionNameQuerySchema } from "@/lib/schemas/redemption";
import { countRedemptionsByName } from "@/lib/server/services/redemptions/delete-redemptions";

export const GET = route({ role: "admin", query: redemptionNameQuerySchema }, ({ query }) =>
  countRedemptionsByName(query.name),
);
