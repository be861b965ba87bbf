import "server-only";

// POST /api/subscription/admin/user_subscriptions/{id}/invalidate (cancelled, ends now) and
// DELETE …/user_subscriptions/{id} (the row removed), as new-api's AdminInvalidateUserSubscription /
// AdminDeleteUserSubscription: either may return the user to the group held before an upgrade
// (用户分组将回退到 …). Only on users the admin may manage (admin-target.ts).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { recordAdminAction } from "@/lib/server/ledger/journal";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { assertSubscriptionTarget } from "@/modules/subscriptions/server/admin-target";
import { downgradeGroupTx, lockUser, nowUnix } from "@/modules/subscriptions/server/subscription-tx";

export async function endSubscription(actor: CurrentUser, id: number, how: "invalidate" | "delete"): Promise<string> {
  const owner = await db().userSubscription.findUnique({ where: { id }, select: { userId: true } });
  if (!owner) throw new AppError("not_found", "subscription_not_found");
  // Inside the ledger's queue, so the relay's copy of the user's plans follows (bookkeeping.ts).
  const result = await writeAfterFlush(() => endInTx(actor, id, how), { userIds: [owner.userId] });
  if (result.group) invalidateUser(result.userId);
  return result.group;
}

function endInTx(
  actor: CurrentUser,
  id: number,
  how: "invalidate" | "delete",
): Promise<{ group: string; userId: number }> {
  return db().$transaction(async (tx) => {
    const found = await tx.userSubscription.findUnique({ where: { id } });
    if (!found) throw new AppError("not_found", "subscription_not_found");
    await assertSubscriptionTarget(tx, actor, found.userId);
    await lockUser(tx, found.userId);
    const sub = await tx.userSubscription.findUniqueOrThrow({ where: { id } });
    const now = nowUnix();
    if (how === "invalidate")
      await tx.userSubscription.update({
        where: { id },
        data: { status: "cancelled", endTime: BigInt(now), updatedAt: now },
      });
    const group = await downgradeGroupTx(tx, sub, now);
    if (how === "delete") await tx.userSubscription.delete({ where: { id } });
    await recordAdminAction(
      actor,
      `subscription.${how}`,
      `${how === "delete" ? "删除" : "作废"}用户 ID ${sub.userId} 的订阅（ID ${id}）`,
      { target_user_id: sub.userId, user_subscription_id: id, plan_id: sub.planId },
      tx,
    );
    return { group, userId: sub.userId };
  });
}
