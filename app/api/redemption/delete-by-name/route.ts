// DELETE /api/redemption/delete-by-name?name – delete every code of this exact name; data: count; admin
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { redemptionNameQuerySchema } from "@/modules/redemptions/schemas";
import { deleteRedemptionsByName } from "@/modules/redemptions/server/delete-redemptions";

export const DELETE = route({ role: "admin", query: redemptionNameQuerySchema }, ({ query }) =>
  deleteRedemptionsByName(query.name),
);

export type DeleteByNameAnswer = RouteAnswer<typeof DELETE>;
