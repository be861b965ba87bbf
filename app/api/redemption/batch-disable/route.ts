// PUT /api/redemption/batch-disable {ids} – disable the unused codes among ids; data: count; admin
import { route } from "@/lib/server/http/route";
import { batchDisableSchema } from "@/lib/schemas/redemption";
import { batchDisableRedemptions } from "@/lib/server/services/redemptions/delete-redemptions";

export const PUT = route({ role: "admin", body: batchDisableSchema }, ({ body }) => batchDisableRedemptions(body.ids));
