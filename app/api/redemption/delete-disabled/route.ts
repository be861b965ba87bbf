// DELETE /api/redemption/delete-disabled – delete every disabled code; data: count; admin
import { route } from "@/lib/server/http/route";
import { deleteDisabledRedemptions } from "@/lib/server/services/redemptions/delete-redemptions";

export const DELETE = route({ role: "admin" }, () => deleteDisabledRedemptions());
