import "server-only";

// POST /api/subscription/admin/plans: a new plan; answers it (new-api answers req.Plan). The admin's
// action is written to the audit log with the plan.
import { db } from "@/lib/server/db";
import { recordAdminAction, type AdminActor } from "@/lib/server/ledger/journal";
import { planData } from "@/modules/subscriptions/server/plan-data";
import { toPlanDto } from "@/modules/subscriptions/server/dto";
import type { PlanDto, PlanInput } from "@/modules/subscriptions/schemas";

export async function createPlan(actor: AdminActor, input: PlanInput): Promise<PlanDto> {
  const data = await planData(input);
  const now = Math.floor(Date.now() / 1000);
  return db().$transaction(async (tx) => {
    const plan = await tx.subscriptionPlan.create({ data: { ...data, createdAt: now, updatedAt: now } });
    await recordAdminAction(
      actor,
      "subscription.plan_create",
      `创建订阅套餐 ${plan.title}（ID ${plan.id}）`,
      { plan_id: plan.id },
      tx,
    );
    return toPlanDto(plan);
  });
}
