import "server-only";

// POST /api/subscription/admin/users/{id}/subscriptions/reset {plan_id, advance_reset_time} and
// POST /admin/plans/{id}/subscriptions/reset {advance_reset_time}: the used amount of the active
// subscriptions of one plan (of one user, or of everyone) back to 0, as new-api's
// AdminResetUserSubscriptionsByPlan / AdminResetPlanSubscriptions. advance_reset_time (default
// true) restarts the reset period from now. Answers new-api's SubscriptionResetResult.
import { db } from "@/lib/server/db";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { AppError } from "@/lib/server/http/app-error";
import { recordAdminAction } from "@/lib/server/ledger/journal";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { ROLE } from "@/lib/constants";
import { assertSubscriptionTarget } from "@/modules/subscriptions/server/admin-target";
import { lockUser, nowUnix } from "@/modules/subscriptions/server/subscription-tx";
import { nextResetTime } from "@/lib/server/ledger/plan-periods";
import type { ResetResultDto } from "@/modules/subscriptions/schemas";

export async function resetSubscriptions(
  actor: CurrentUser,
  planId: number,
  opts: { userId?: number; advanceResetTime: boolean },
): Promise<ResetResultDto> {
  // Inside the ledger's queue, so the relay's copies of these users' plans follow (bookkeeping.ts).
  const holders =
    opts.userId !== undefined
      ? [opts.userId]
      : (
          await db().userSubscription.findMany({
            where: { planId, status: "active" },
            distinct: ["userId"],
            select: { userId: true },
          })
        ).map((s) => s.userId);
  return writeAfterFlush(() => resetInTx(actor, planId, opts), { userIds: holders });
}

function resetInTx(
  actor: CurrentUser,
  planId: number,
  opts: { userId?: number; advanceResetTime: boolean },
): Promise<ResetResultDto> {
  return db().$transaction(async (tx) => {
    if (opts.userId !== undefined) {
      await assertSubscriptionTarget(tx, actor, opts.userId);
      await lockUser(tx, opts.userId);
    }
    const plan = await tx.subscriptionPlan.findUnique({ where: { id: planId } });
    if (!plan) throw new AppError("not_found", "subscription_plan_not_found");
    const now = nowUnix();
    const subs = await tx.userSubscription.findMany({
      where: {
        planId,
        status: "active",
        endTime: { gt: BigInt(now) },
        ...(opts.userId !== undefined
          ? { userId: opts.userId }
          : actor.role >= ROLE.root
            ? {}
            : { user: { role: { lt: actor.role } } }),
      },
      orderBy: [{ userId: "asc" }, { endTime: "asc" }, { id: "asc" }],
    });
    if (opts.userId !== undefined && subs.length === 0)
      throw new AppError("bad_request", "subscription_none_active_for_plan");
    for (const sub of subs) {
      const next = opts.advanceResetTime ? nextResetTime(now, plan, Number(sub.endTime)) : null;
      await tx.userSubscription.update({
        where: { id: sub.id },
        data: {
          amountUsed: 0n,
          // A new quota period: charges reserved before it are not counted in it (plan-accounts.ts).
          quotaEpoch: { increment: 1 },
          updatedAt: now,
          ...(next === null ? {} : { nextResetTime: BigInt(next), lastResetTime: BigInt(next > 0 ? now : 0) }),
        },
      });
    }
    const users = new Set(subs.map((s) => s.userId));
    await recordAdminAction(
      actor,
      opts.userId !== undefined ? "subscription.user_plan_reset" : "subscription.plan_reset",
      `重置订阅套餐 ${plan.title}（ID ${plan.id}）额度：${subs.length} 个订阅，${users.size} 个用户`,
      { plan_id: plan.id, reset_count: subs.length, user_count: users.size, target_user_id: opts.userId ?? 0 },
      tx,
    );
    return {
      plan_id: plan.id,
      matched_count: subs.length,
      reset_count: subs.length,
      user_count: users.size,
      advance_reset_time: opts.advanceResetTime,
    };
  });
}
