// Typed calls of the tokens page.
import { apiData } from "@/lib/client/api";
import type { CreateTokenInput, UpdateTokenInput } from "@/modules/tokens/schemas";
import { withSkPrefix } from "@/lib/token-key";
import type { CreateTokenAnswer, GetTokensAnswer, UpdateTokenAnswer } from "@/app/api/token/route";
import type { GetTokenAnswer } from "@/app/api/token/[id]/route";
import type { TokenKeyAnswer } from "@/app/api/token/[id]/key/route";
import type { SearchTokensAnswer } from "@/app/api/token/search/route";

/** A token as GET /api/token/ lists it (the route's answer type: no hand-written copy). */
export type TokenItem = GetTokensAnswer["items"][number];

export type TokenFilters = { page: number; pageSize: number; keyword: string; token: string };
// The API answers keys without "sk-" (new-api's contract); the console shows and copies them with it.
const prefixed = (t: TokenItem): TokenItem => ({ ...t, key: withSkPrefix(t.key) });

export function fetchTokens(f: TokenFilters, signal?: AbortSignal) {
  const searching = f.keyword.trim() !== "" || f.token.trim() !== "";
  return apiData<GetTokensAnswer | SearchTokensAnswer>(searching ? "/api/token/search" : "/api/token/", {
    signal,
    query: { p: f.page, size: f.pageSize, keyword: f.keyword.trim(), token: f.token.trim() },
  }).then((page) => ({ ...page, items: page.items.map(prefixed) }));
}

export const fetchToken = (id: number, signal?: AbortSignal) =>
  apiData<GetTokenAnswer>(`/api/token/${id}`, { signal }).then(prefixed);
export const fetchTokenKey = (id: number) =>
  apiData<TokenKeyAnswer>(`/api/token/${id}/key`, { method: "POST" }).then((d) => withSkPrefix(d.key));
export const createToken = (body: CreateTokenInput) =>
  apiData<CreateTokenAnswer>("/api/token/", { method: "POST", body });
export const updateToken = (body: UpdateTokenInput) =>
  apiData<UpdateTokenAnswer>("/api/token/", { method: "PUT", body });
export const setTokenStatus = (id: number, status: number) =>
  apiData<UpdateTokenAnswer>("/api/token/", { method: "PUT", body: { id, status }, query: { status_only: "true" } });
export const deleteToken = (id: number) => apiData<null>(`/api/token/${id}`, { method: "DELETE" });
