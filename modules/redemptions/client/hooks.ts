"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UPDATE_FAILED, type ErrorMeta } from "@/lib/client/describe-error";
import {
  batchDisableRedemptions,
  createRedemptions,
  deleteRedemption,
  deleteRedemptionsByName,
  deleteDisabledRedemptions,
  fetchRedemption,
  fetchRedemptions,
  setRedemptionStatus,
  updateRedemption,
  type RedemptionFilters,
  type ToggleStatus,
} from "@/modules/redemptions/client/api";
import { redemptionKeys } from "@/modules/redemptions/client/keys";

export function useRedemptions(filters: RedemptionFilters) {
  return useQuery({
    queryKey: redemptionKeys.list(filters),
    queryFn: ({ signal }) => fetchRedemptions(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRedemption(id: number | null) {
  return useQuery({
    queryKey: redemptionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchRedemption(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Every write refreshes the list (and details) once it settles. */
function useRedemptionMutation<A, R>(fn: (arg: A) => Promise<R>, meta?: ErrorMeta) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSettled: () => client.invalidateQueries({ queryKey: redemptionKeys.all }),
  });
}

export const useCreateRedemptions = () => useRedemptionMutation(createRedemptions);
export const useUpdateRedemption = () => useRedemptionMutation(updateRedemption, UPDATE_FAILED);
export const useSetRedemptionStatus = () =>
  useRedemptionMutation(
    ({ id, status }: { id: number; status: ToggleStatus }) => setRedemptionStatus(id, status),
    UPDATE_FAILED,
  );
export const useDeleteRedemption = () => useRedemptionMutation(deleteRedemption);
export const useDeleteRedemptionsByName = () => useRedemptionMutation(deleteRedemptionsByName);
export const useBatchDisableRedemptions = () => useRedemptionMutation(batchDisableRedemptions);
export const useDeleteDisabledRedemptions = () => useRedemptionMutation(deleteDisabledRedemptions);
