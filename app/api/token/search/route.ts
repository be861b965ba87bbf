import { route, type RouteAnswer } from "@/lib/server/http/route";
import { tokenSearchQuerySchema } from "@/modules/tokens/schemas";
import { listTokens } from "@/modules/tokens/server/list-tokens";

// GET /api/token/search?keyword&token – the caller's tokens by name and/or key
export const GET = route({ role: "user", query: tokenSearchQuerySchema }, ({ user, query }) =>
  listTokens(user.id, {
    page: query.p,
    pageSize: query.page_size ?? query.size,
    keyword: query.keyword,
    key: query.token,
  }),
);

export type SearchTokensAnswer = RouteAnswer<typeof GET>;
