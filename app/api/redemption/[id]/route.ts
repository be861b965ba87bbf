import { route, type RouteAnswer } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { toRedemptionDto } from "@/modules/redemptions/server/dto";
import { getRedemptionOrThrow } from "@/modules/redemptions/server/get-redemption-or-throw";
import { deleteRedemption } from "@/modules/redemptions/server/delete-redemptions";

// GET /api/redemption/{id} – one code; admin
export const GET = route({ role: "admin" }, async ({ params }) =>
  toRedemptionDto(await getRedemptionOrThrow(idParam(params))),
);

// DELETE /api/redemption/{id}/ – delete one code; admin
export const DELETE = route({ role: "admin" }, async ({ params }) => {
  await deleteRedemption(idParam(params));
  return null;
});

export type GetRedemptionAnswer = RouteAnswer<typeof GET>;
export type DeleteRedemptionIdAnswer = RouteAnswer<typeof DELETE>;
