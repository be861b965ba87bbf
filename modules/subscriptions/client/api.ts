// Typed calls of /api/subscription/* (new-api's paths and shapes).
import { apiData, apiFetch } from "@/lib/client/api";
import type {
  PlanDto,
  PlanFormValues,
  ResetResultDto,
  SubscriptionSelfDto,
  SubscriptionSummaryDto,
} from "@/modules/subscriptions/schemas";

type PlanRows = { plan: PlanDto }[];
/** data {message} when a group changed, else null. */
type GroupNote = { message: string } | null;

export const fetchPlans = (signal?: AbortSignal) => apiData<PlanRows>("/api/subscription/plans", { signal });
export const fetchOwnSubscriptions = (signal?: AbortSignal) =>
  apiData<SubscriptionSelfDto>("/api/subscription/self", { signal });
export const payWithBalance = (planId: number) =>
  apiData<null>("/api/subscription/balance/pay", { method: "POST", body: { plan_id: planId } });

/** new-api's answer: the gateway's form fields in data, its address beside them. */
export const payOnline = ({ planId, method }: { planId: number; method: string }) =>
  apiFetch<Record<string, string>>("/api/subscription/epay/pay", {
    method: "POST",
    body: { plan_id: planId, payment_method: method },
  }).then((r) => ({ fields: r.data, url: (r as unknown as { url: string }).url }));

export const fetchAdminPlans = (signal?: AbortSignal) => apiData<PlanRows>("/api/subscription/admin/plans", { signal });
export const createPlan = (plan: PlanFormValues) =>
  apiData<PlanDto>("/api/subscription/admin/plans", { method: "POST", body: { plan } });
export const updatePlan = ({ id, plan }: { id: number; plan: PlanFormValues }) =>
  apiData<null>(`/api/subscription/admin/plans/${id}`, { method: "PUT", body: { plan } });
export const setPlanEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  apiData<null>(`/api/subscription/admin/plans/${id}`, { method: "PATCH", body: { enabled } });

export const fetchUserSubscriptions = (userId: number, signal?: AbortSignal) =>
  apiData<SubscriptionSummaryDto[]>(`/api/subscription/admin/users/${userId}/subscriptions`, { signal });
export const bindPlan = ({ userId, planId }: { userId: number; planId: number }) =>
  apiData<GroupNote>(`/api/subscription/admin/users/${userId}/subscriptions`, {
    method: "POST",
    body: { plan_id: planId },
  });
export const resetUserPlan = ({ userId, planId }: { userId: number; planId: number }) =>
  apiData<ResetResultDto>(`/api/subscription/admin/users/${userId}/subscriptions/reset`, {
    method: "POST",
    body: { plan_id: planId, advance_reset_time: true },
  });
export const invalidateSubscription = (id: number) =>
  apiData<GroupNote>(`/api/subscription/admin/user_subscriptions/${id}/invalidate`, { method: "POST" });
export const deleteSubscription = (id: number) =>
  apiData<GroupNote>(`/api/subscription/admin/user_subscriptions/${id}`, { method: "DELETE" });
