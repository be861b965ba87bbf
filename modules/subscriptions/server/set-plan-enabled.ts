import "server-only";

// PATCH /api/subscription/admin/plans/{id}: {enabled}. A disabled plan is no longer sold; what was
// sold stays active until its end (new-api).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { recordAdminAction, type AdminActor } from "@/lib/server/ledger/journal";

export async function setPlanEnabled(actor: AdminActor, id: number, enabled: boolean): Promise<void> {
  await db().$transaction(async (tx) => {
    const moved = await tx.subscriptionPlan.updateMany({
      where: { id },
      data: { enabled, updatedAt: Math.floor(Date.now() / 1000) },
    });
    if (moved.count === 0) throw new AppError("not_found", "subscription_plan_not_found");
    const verb = enabled ? "启用" : "禁用";
    await recordAdminAction(
      actor,
      "subscription.plan_status",
      `${verb}订阅套餐（ID ${id}）`,
      { plan_id: id, enabled },
      tx,
    );
  });
}
