import { route } from "@/lib/server/http/route";
import { tokenSearchQuerySchema } from "@/lib/schemas/token";
import { listTokens } from "@/lib/server/services/tokens/list-tokens";

// GET /api/token/search?keyword&token – the caller's tokens by name and/or key
export const GET = route({ role: "user", query: tokenSearchQuerySchema }, ({ user, query }) =>
  listTokens(user.id, {
    page: query.p,
    pageSize: query.page_size ?? query.size,
    keyword: query.keyword,
    key: query.token,
  }),
);
