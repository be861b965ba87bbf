import { route } from "@/lib/server/http/route";
import { deleteTokensSchema } from "@/modules/tokens/batch-schemas";
import { deleteTokens } from "@/modules/tokens/server/delete-tokens";

// POST /api/token/batch {ids} – delete several of the caller's tokens; data: how many were deleted
export const POST = route({ role: "user", body: deleteTokensSchema }, ({ body, user }) =>
  deleteTokens(user.id, body.ids),
);
