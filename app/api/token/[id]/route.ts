import { route, type RouteAnswer } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { toTokenDto } from "@/modules/tokens/server/dto";
import { deleteToken } from "@/modules/tokens/server/delete-token";
import { getOwnTokenOrThrow } from "@/modules/tokens/server/get-token-or-throw";

// GET /api/token/{id} – one of the caller's tokens
export const GET = route({ role: "user" }, async ({ user, params }) =>
  toTokenDto(await getOwnTokenOrThrow(user.id, idParam(params))),
);

// DELETE /api/token/{id}/ – delete one of the caller's tokens
export const DELETE = route({ role: "user" }, async ({ user, params }) => {
  await deleteToken(user.id, idParam(params));
  return null;
});

export type GetTokenAnswer = RouteAnswer<typeof GET>;
export type DeleteTokenIdAnswer = RouteAnswer<typeof DELETE>;
