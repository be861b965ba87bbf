"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRefreshingMutation } from "@/lib/client/entity-queries";
import { UPDATE_FAILED } from "@/lib/client/describe-error";
import { selfKeys } from "@/lib/client/user-self";
import { submitPaymentForm } from "@/modules/wallet/client";
import {
  bindPlan,
  createPlan,
  deleteSubscription,
  fetchAdminPlans,
  fetchOwnSubscriptions,
  fetchPlans,
  fetchUserSubscriptions,
  invalidateSubscription,
  payOnline,
  payWithBalance,
  resetUserPlan,
  setPlanEnabled,
  updatePlan,
} from "@/modules/subscriptions/client/api";
import { subscriptionKeys } from "@/modules/subscriptions/client/keys";

export const usePlans = () =>
  useQuery({ queryKey: subscriptionKeys.plans(), queryFn: ({ signal }) => fetchPlans(signal) });
export const useOwnSubscriptions = () =>
  useQuery({ queryKey: subscriptionKeys.own(), queryFn: ({ signal }) => fetchOwnSubscriptions(signal), staleTime: 0 });

/** Buying re-reads the subscriptions and the balance. */
export function usePayWithBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payWithBalance,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: subscriptionKeys.own() }),
        client.invalidateQueries({ queryKey: selfKeys.self() }),
      ]),
  });
}

/** Opens an EPay order for a plan and sends the browser to the gateway. */
export const usePayOnline = () =>
  useMutation({
    mutationFn: payOnline,
    onSuccess: ({ url, fields }) => {
      submitPaymentForm(url, fields);
    },
  });

export const useAdminPlans = () =>
  useQuery({ queryKey: subscriptionKeys.adminPlans(), queryFn: ({ signal }) => fetchAdminPlans(signal) });
export const useUserSubscriptions = (userId: number | null) =>
  useQuery({
    queryKey: subscriptionKeys.user(userId ?? 0),
    queryFn: ({ signal }) => fetchUserSubscriptions(userId!, signal),
    enabled: userId !== null,
    staleTime: 0,
  });

/** Every admin write refreshes every subscription query. */
const useAdminMutation = <A, R>(fn: (arg: A) => Promise<R>) =>
  useRefreshingMutation(subscriptionKeys.all, fn, { meta: UPDATE_FAILED, settled: true });
export const useCreatePlan = () => useAdminMutation(createPlan);
export const useUpdatePlan = () => useAdminMutation(updatePlan);
export const useSetPlanEnabled = () => useAdminMutation(setPlanEnabled);
export const useBindPlan = () => useAdminMutation(bindPlan);
export const useResetUserPlan = () => useAdminMutation(resetUserPlan);
export const useInvalidateSubscription = () => useAdminMutation(invalidateSubscription);
export const useDeleteSubscription = () => useAdminMutation(deleteSubscription);
