"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UPDATE_FAILED, type ErrorMeta } from "@/lib/client/describe-error";
import {
  batchDisableCoupons,
  createCoupons,
  deleteCoupon,
  deleteCouponsByName,
  deleteDisabledCoupons,
  fetchCoupon,
  fetchCoupons,
  setCouponStatus,
  updateCoupon,
  type CouponFilters,
} from "@/lib/client/coupons/api";
import { couponKeys } from "@/lib/client/coupons/keys";

export function useCoupons(filters: CouponFilters) {
  return useQuery({
    queryKey: couponKeys.list(filters),
    queryFn: ({ signal }) => fetchCoupons(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCoupon(id: number | null) {
  return useQuery({
    queryKey: couponKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchCoupon(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Every write refreshes the list (and details) once it settles. */
function useCouponMutation<A, R>(fn: (arg: A) => Promise<R>, meta?: ErrorMeta) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, meta, onSettled: () => client.invalidateQueries({ queryKey: couponKeys.all }) });
}

export const useCreateCoupons = () => useCouponMutation(createCoupons);
export const useUpdateCoupon = () => useCouponMutation(updateCoupon, UPDATE_FAILED);
export const useSetCouponStatus = () =>
  useCouponMutation(({ id, status }: { id: number; status: 1 | 2 }) => setCouponStatus(id, status), UPDATE_FAILED);
export const useDeleteCoupon = () => useCouponMutation(deleteCoupon);
export const useDeleteCouponsByName = () => useCouponMutation(deleteCouponsByName);
export const useBatchDisableCoupons = () => useCouponMutation(batchDisableCoupons);
export const useDeleteDisabledCoupons = () => useCouponMutation(deleteDisabledCoupons);
