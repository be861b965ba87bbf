import { z } from "zod";
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { pageQuerySchema } from "@/lib/schemas/pagination";
import { createRedemptionSchema, updateRedemptionSchema } from "@/modules/redemptions/schemas";
import { listRedemptions } from "@/modules/redemptions/server/list-redemptions";
import { createRedemptions } from "@/modules/redemptions/server/create-redemptions";
import { updateRedemption } from "@/modules/redemptions/server/update-redemption";

// GET /api/redemption/?p&page_size – codes, newest first (keys included: admins only); admin
export const GET = route({ role: "admin", query: pageQuerySchema }, ({ query }) => listRedemptions(query));

// POST /api/redemption/ – create up to 100 codes; data is the list of generated keys; admin
export const POST = route({ role: "admin", body: createRedemptionSchema }, async ({ user, body, t }) =>
  envelope(await createRedemptions(user.id, body), t("redemption_create_success")),
);

// PUT /api/redemption/[?status_only=true] – edit an unused code, or only enable/disable it; admin
export const PUT = route(
  { role: "admin", body: updateRedemptionSchema, query: z.object({ status_only: z.string().optional() }) },
  async ({ body, query, t }) =>
    envelope(await updateRedemption(body, query.status_only === "true"), t("update_success")),
);

export type ListRedemptionsAnswer = RouteAnswer<typeof GET>;
export type CreateRedemptionsAnswer = RouteAnswer<typeof POST>;
export type UpdateRedemptionAnswer = RouteAnswer<typeof PUT>;
