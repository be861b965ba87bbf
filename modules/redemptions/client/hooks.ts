"use client";

import { useEntity, usePagedList, useRefreshingMutation } from "@/lib/client/entity-queries";
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

export const useRedemptions = (filters: RedemptionFilters) =>
  usePagedList(redemptionKeys.list(filters), (signal) => fetchRedemptions(filters, signal));

export const useRedemption = (id: number | null) => useEntity(id, redemptionKeys.detail, fetchRedemption);

/** Every write refreshes the list (and details) once it settles. */
const useRedemptionMutation = <A, R>(fn: (arg: A) => Promise<R>, meta?: ErrorMeta) =>
  useRefreshingMutation(redemptionKeys.all, fn, { meta, settled: true });

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
