// Typed calls of the redemption page.
import { apiData, apiFetch } from "@/lib/client/api";
import type {
  CreateRedemptionsAnswer,
  ListRedemptionsAnswer,
  UpdateRedemptionAnswer,
} from "@/app/api/redemption/route";
import type { GetRedemptionAnswer } from "@/app/api/redemption/[id]/route";
import type { SearchRedemptionsAnswer } from "@/app/api/redemption/search/route";
import type { CountByNameAnswer } from "@/app/api/redemption/count-by-name/route";
import type { DeleteByNameAnswer } from "@/app/api/redemption/delete-by-name/route";
import type { BatchDisableAnswer } from "@/app/api/redemption/batch-disable/route";
import type { DeleteDisabledRedemptionsAnswer } from "@/app/api/redemption/delete-disabled/route";
import { REDEMPTION_STATUS } from "@/lib/constants";

/** A redemption code as the routes answer it. */
export type Redemption = GetRedemptionAnswer;
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
  return apiData<ListRedemptionsAnswer | SearchRedemptionsAnswer>(
    keyword ? "/api/redemption/search" : "/api/redemption/",
    {
      signal,
      query: { p: f.page, page_size: f.pageSize, keyword },
    },
  );
}

export const fetchRedemption = (id: number, signal?: AbortSignal) =>
  apiData<GetRedemptionAnswer>(`/api/redemption/${id}`, { signal });
export const createRedemptions = (body: RedemptionPayload) =>
  apiFetch<CreateRedemptionsAnswer>("/api/redemption/", { method: "POST", body });
export const updateRedemption = (body: Partial<RedemptionPayload> & { id: number }) =>
  apiData<UpdateRedemptionAnswer>("/api/redemption/", { method: "PUT", body });
/** The statuses an admin may set by hand (used is set by redeeming). */
export type ToggleStatus = typeof REDEMPTION_STATUS.unused | typeof REDEMPTION_STATUS.disabled;

export const setRedemptionStatus = (id: number, status: ToggleStatus) =>
  apiData<UpdateRedemptionAnswer>("/api/redemption/", {
    method: "PUT",
    body: { id, status },
    query: { status_only: "true" },
  });
export const deleteRedemption = (id: number) => apiData<null>(`/api/redemption/${id}/`, { method: "DELETE" });
export const countRedemptionsByName = (name: string) =>
  apiData<CountByNameAnswer>("/api/redemption/count-by-name", { query: { name } });
export const deleteRedemptionsByName = (name: string) =>
  apiData<DeleteByNameAnswer>("/api/redemption/delete-by-name", { method: "DELETE", query: { name } });
export const batchDisableRedemptions = (ids: number[]) =>
  apiData<BatchDisableAnswer>("/api/redemption/batch-disable", { method: "PUT", body: { ids } });
export const deleteDisabledRedemptions = () =>
  apiData<DeleteDisabledRedemptionsAnswer>("/api/redemption/delete-disabled", { method: "DELETE" });
