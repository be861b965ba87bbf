import { z } from "zod";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { createTokenSchema, tokenListQuerySchema, updateTokenSchema } from "@/modules/tokens/schemas";
import { createToken } from "@/modules/tokens/server/create-token";
import { listTokens } from "@/modules/tokens/server/list-tokens";
import { updateToken } from "@/modules/tokens/server/update-token";

// GET /api/token/?p&size – the caller's tokens (masked keys), newest first
export const GET = route({ role: "user", query: tokenListQuerySchema }, ({ user, query }) =>
  listTokens(user.id, { page: query.p, pageSize: query.page_size ?? query.size }),
);

// POST /api/token/ – create a token (the full key is in the answer)
export const POST = route({ role: "user", body: createTokenSchema }, ({ user, body }) => createToken(user.id, body));

// PUT /api/token/[?status_only=true] – update a token, or only its status
export const PUT = route(
  { role: "user", body: updateTokenSchema, query: z.object({ status_only: z.string().optional() }) },
  ({ user, body, query }) => updateToken(user.id, body, query.status_only === "true"),
);

export type GetTokensAnswer = RouteAnswer<typeof GET>;
export type CreateTokenAnswer = RouteAnswer<typeof POST>;
export type UpdateTokenAnswer = RouteAnswer<typeof PUT>;
