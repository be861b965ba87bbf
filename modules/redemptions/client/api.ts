// Typed calls of the redemption page.
import { apiData, apiFetch } from "@/lib/client/api";
import { REDEMPTION_STATUS } from "@/lib/constants";
import type { PageResult } from "@/lib/schemas/pagination";
import type { RedemptionDto } from "@/modules/redemptions/server/dto";

export type Redemption = RedemptionDto;
export type RedemptionFilters = { page: number; pageSize: number; keyword: string };
/** What the drawer sends (create: every field; edit: the id plus the editable fields). */
export type RedemptionPayload = {
  name: string;
  quota: number;
  is_gift: boolean;
  max_uses: number;
  valid_from: number;
  valid_until: number;
  count?: number;
  key?: string;
};

export function fetchRedemptions(f: RedemptionFilters, signal?: AbortSignal) {
  const keyword = f.keyword.trim();
  return apiData<PageResult<Redemption>>(keyword ? "/api/redemption/search" : "/api/redemption/", {
    signal,
    query: { p: f.page, page_size: f.pageSize, keyword },
  });
}

export const fetchRedemption = (id: number, signal?: AbortSignal) =>
  apiData<Redemption>(`/api/redemption/${id}`, { signal });
export const createRedemptions = (body: RedemptionPayload) =>
  apiFetch<string[]>("/api/redemption/", { method: "POST", body });
export const updateRedemption = (body: Partial<RedemptionPayload> & { id: number }) =>
  apiData<Redemption>("/api/redemption/", { method: "PUT", body });
/** The statuses an admin may set by hand (used is set by redeeming). */
export type ToggleStatus = typeof REDEMPTION_STATUS.unused | typeof REDEMPTION_STATUS.disabled;

export const setRedemptionStatus = (id: number, status: ToggleStatus) =>
  apiData<Redemption>("/api/redemption/", { method: "PUT", body: { id, status }, query: { status_only: "true" } });
export const deleteRedemption = (id: number) => apiData<null>(`/api/redemption/${id}/`, { method: "DELETE" });
export const countRedemptionsByName = (name: string) =>
  apiData<number>("/api/redemption/count-by-name", { query: { name } });
export const deleteRedemptionsByName = (name: string) =>
  apiData<number>("/api/redemption/delete-by-name", { method: "DELETE", query: { name } });
export const batchDisableRedemptions = (ids: number[]) =>
  apiData<number>("/api/redemption/batch-disable", { method: "PUT", body: { ids } });
export const deleteDisabledRedemptions = () => apiData<number>("/api/redemption/delete-disabled", { method: "DELETE" });
