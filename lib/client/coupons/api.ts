// Typed calls of the redemption page (spec 2 §7 Redemptions).
import { apiData, apiFetch } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";
import type { RedemptionDto } from "@/lib/server/dto/redemption";

export type Coupon = RedemptionDto;
export type CouponFilters = { page: number; pageSize: number; keyword: string };
/** What the drawer sends (create: every field; edit: the id plus the editable fields). */
export type CouponPayload = {
  name: string;
  quota: number;
  is_gift: boolean;
  max_uses: number;
  valid_from: number;
  valid_until: number;
  count?: number;
  key?: string;
};

export function fetchCoupons(f: CouponFilters, signal?: AbortSignal) {
  const keyword = f.keyword.trim();
  return apiData<PageResult<Coupon>>(keyword ? "/api/redemption/search" : "/api/redemption/", {
    signal,
    query: { p: f.page, page_size: f.pageSize, keyword },
  });
}

export const fetchCoupon = (id: number, signal?: AbortSignal) => apiData<Coupon>(`/api/redemption/${id}`, { signal });
export const createCoupons = (body: CouponPayload) => apiFetch<string[]>("/api/redemption/", { method: "POST", body });
export const updateCoupon = (body: Partial<CouponPayload> & { id: number }) =>
  apiData<Coupon>("/api/redemption/", { method: "PUT", body });
export const setCouponStatus = (id: number, status: 1 | 2) =>
  apiData<Coupon>("/api/redemption/", { method: "PUT", body: { id, status }, query: { status_only: "true" } });
export const deleteCoupon = (id: number) => apiData<null>(`/api/redemption/${id}/`, { method: "DELETE" });
export const countCouponsByName = (name: string) =>
  apiData<number>("/api/redemption/count-by-name", { query: { name } });
export const deleteCouponsByName = (name: string) =>
  apiData<number>("/api/redemption/delete-by-name", { method: "DELETE", query: { name } });
export const batchDisableCoupons = (ids: number[]) =>
  apiData<number>("/api/redemption/batch-disable", { method: "PUT", body: { ids } });
export const deleteDisabledCoupons = () => apiData<number>("/api/redemption/delete-disabled", { method: "DELETE" });
