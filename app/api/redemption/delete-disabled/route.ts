// DELETE /api/redemption/delete-disabled – delete every disabled code; data: count; admin
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { deleteDisabledRedemptions } from "@/modules/redemptions/server/delete-redemptions";

export const DELETE = route({ role: "admin" }, () => deleteDisabledRedemptions());

export type DeleteDisabledRedemptionsAnswer = RouteAnswer<typeof DELETE>;
