// PUT /api/redemption/batch-disable {ids} – disable the unused codes among ids; data: count; admin
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { batchDisableSchema } from "@/modules/redemptions/schemas";
import { batchDisableRedemptions } from "@/modules/redemptions/server/delete-redemptions";

export const PUT = route({ role: "admin", body: batchDisableSchema }, ({ body }) => batchDisableRedemptions(body.ids));

export type BatchDisableAnswer = RouteAnswer<typeof PUT>;
