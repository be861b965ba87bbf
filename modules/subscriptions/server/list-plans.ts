import "server-only";

// GET /api/subscription/plans (enabled plans, for buyers) and GET /api/subscription/admin/plans (all):
// new-api's order, sort_order desc then id desc, each as {plan}.
import { db } from "@/lib/server/db";
import { toPlanDto } from "@/modules/subscriptions/server/dto";
import type { PlanDto } from "@/modules/subscriptions/schemas";

/** The number of plans a list answers at most (a console list, not a paged table). */
const PLAN_LIST_MAX = 500;

export async function listPlans(opts: { enabledOnly: boolean }): Promise<{ plan: PlanDto }[]> {
  const rows = await db().subscriptionPlan.findMany({
    where: opts.enabledOnly ? { enabled: true } : {},
    orderBy: [{ sortOrder: "desc" }, { id: "desc" }],
    take: PLAN_LIST_MAX,
  });
  return rows.map((p) => ({ plan: toPlanDto(p) }));
}
