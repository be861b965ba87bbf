import "server-only";

// PUT /api/subscription/admin/plans/{id}: the whole plan replaced (new-api's update map).
// Subscriptions already sold keep their snapshot (quota, end,
// reset period as bought), as in new-api.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { recordAdminAction, type AdminActor } from "@/lib/server/ledger/journal";
import { planData } from "@/modules/subscriptions/server/plan-data";
import type { PlanInput } from "@/modules/subscriptions/schemas";

export async function updatePlan(actor: AdminActor, id: number, input: PlanInput): Promise<void> {
  const data = await planData(input);
  await db().$transaction(async (tx) => {
    const moved = await tx.subscriptionPlan.updateMany({
      where: { id },
      data: { ...data, updatedAt: Math.floor(Date.now() / 1000) },
    });
    if (moved.count === 0) throw new AppError("not_found", "subscription_plan_not_found");
    await recordAdminAction(
      actor,
      "subscription.plan_update",
      `修改订阅套餐 ${data.title}（ID ${id}）`,
      { plan_id: id },
      tx,
    );
  });
}
