import "server-only";

// POST /api/subscription/admin/bind {user_id, plan_id} and POST /admin/users/{id}/subscriptions
// {plan_id}: a plan given without payment (new-api's AdminBindSubscription: source "admin", the
// purchase limit still counts, a disabled plan may be given). Answers new-api's message when the
// user's group was upgraded (用户分组将升级到 …), else "".
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { recordAdminAction } from "@/lib/server/ledger/journal";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { assertSubscriptionTarget } from "@/modules/subscriptions/server/admin-target";
import { createSubscriptionTx, lockUser } from "@/modules/subscriptions/server/subscription-tx";

export async function bindSubscription(actor: CurrentUser, userId: number, planId: number): Promise<string> {
  // Inside the ledger's queue, so the relay's copy of the user's plans follows (bookkeeping.ts).
  const upgraded = await writeAfterFlush(() => bindInTx(actor, userId, planId), { userIds: [userId] });
  if (upgraded) invalidateUser(userId);
  return upgraded;
}

function bindInTx(actor: CurrentUser, userId: number, planId: number): Promise<string> {
  return db().$transaction(async (tx) => {
    await assertSubscriptionTarget(tx, actor, userId);
    const plan = await tx.subscriptionPlan.findUnique({ where: { id: planId } });
    if (!plan) throw new AppError("not_found", "subscription_plan_not_found");
    const user = await lockUser(tx, userId);
    const sub = await createSubscriptionTx(tx, user, plan, "admin");
    await recordAdminAction(
      actor,
      "subscription.bind",
      `为用户 ${user.username}（ID ${user.id}）绑定订阅套餐 ${plan.title}（ID ${plan.id}）`,
      { target_user_id: user.id, plan_id: plan.id, user_subscription_id: sub.id },
      tx,
    );
    return sub.prevUserGroup || (sub.upgradeGroup && sub.upgradeGroup !== user.group) ? sub.upgradeGroup : "";
  });
}
