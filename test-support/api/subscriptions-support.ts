// Shared by the subscription API tests: the route modules and a plan created through the admin API.
import * as adminPlansRoute from "@/app/api/subscription/admin/plans/route";
import { call } from "./harness";

export * as plansRoute from "@/app/api/subscription/plans/route";
export * as selfRoute from "@/app/api/subscription/self/route";
export * as preferenceRoute from "@/app/api/subscription/self/preference/route";
export * as balancePayRoute from "@/app/api/subscription/balance/pay/route";
export * as adminPlanRoute from "@/app/api/subscription/admin/plans/[id]/route";
export * as adminPlanResetRoute from "@/app/api/subscription/admin/plans/[id]/subscriptions/reset/route";
export * as adminBindRoute from "@/app/api/subscription/admin/bind/route";
export * as adminUserSubsRoute from "@/app/api/subscription/admin/users/[id]/subscriptions/route";
export * as adminUserResetRoute from "@/app/api/subscription/admin/users/[id]/subscriptions/reset/route";
export * as adminInvalidateRoute from "@/app/api/subscription/admin/user_subscriptions/[id]/invalidate/route";
export * as adminUserSubRoute from "@/app/api/subscription/admin/user_subscriptions/[id]/route";
export { adminPlansRoute };

export const QUOTA_PER_UNIT = 500_000;

/** A valid plan body; override any field. */
export function planBody(over: Record<string, unknown> = {}) {
  return {
    title: "Pro",
    subtitle: "monthly",
    price_amount: 2,
    duration_unit: "month",
    duration_value: 1,
    enabled: true,
    sort_order: 0,
    max_purchase_per_user: 0,
    total_amount: 1_000_000,
    quota_reset_period: "never",
    ...over,
  };
}

/** Creates a plan as `cookie` (an admin) and answers its id. */
export async function createPlan(cookie: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await call<{ id: number }>(adminPlansRoute, "POST", "/api/subscription/admin/plans", {
    cookie,
    body: { plan: planBody(over) },
  });
  if (res.status !== 200 || !res.json.success) throw new Error(`plan create: ${res.status} ${res.json.message}`);
  return res.json.data.id;
}
