// Typed calls of the tokens page.
import { apiData } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";
import type { CreateTokenInput, UpdateTokenInput } from "@/modules/tokens/schemas";
import { withSkPrefix } from "@/lib/token-key";

export type TokenItem = {
  id: number;
  name: string;
  key: string;
  status: number;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  rate_limit_enabled: boolean;
  rate_limit_period: number;
  rate_limit_count: number;
  rate_limit_success: number;
};

export type TokenFilters = { page: number; pageSize: number; keyword: string; token: string };
// The API answers keys without "sk-" (new-api's contract); the console shows and copies them with it.
const prefixed = (t: TokenItem): TokenItem => ({ ...t, key: withSkPrefix(t.key) });

export function fetchTokens(f: TokenFilters, signal?: AbortSignal) {
  const searching = f.keyword.trim() !== "" || f.token.trim() !== "";
  return apiData<PageResult<TokenItem>>(searching ? "/api/token/search" : "/api/token/", {
    signal,
    query: { p: f.page, size: f.pageSize, keyword: f.keyword.trim(), token: f.token.trim() },
  }).then((page) => ({ ...page, items: page.items.map(prefixed) }));
}

export const fetchToken = (id: number, signal?: AbortSignal) =>
  apiData<TokenItem>(`/api/token/${id}`, { signal }).then(prefixed);
export const fetchTokenKey = (id: number) =>
  apiData<{ key: string }>(`/api/token/${id}/key`, { method: "POST" }).then((d) => withSkPrefix(d.key));
export const createToken = (body: CreateTokenInput) =>
  apiData<TokenItem & { key: string }>("/api/token/", { method: "POST", body });
export const updateToken = (body: UpdateTokenInput) => apiData<TokenItem>("/api/token/", { method: "PUT", body });
export const setTokenStatus = (id: number, status: number) =>
  apiData<TokenItem>("/api/token/", { method: "PUT", body: { id, status }, query: { status_only: "true" } });
export const deleteToken = (id: number) => apiData<null>(`/api/token/${id}`, { method: "DELETE" });
