import "server-only";

// The steps every way of getting or losing a subscription shares, inside the caller's transaction:
// - lockUser: a no-op UPDATE of the user's row, so that all subscription writes for one user run one
//   after the other on PostgreSQL (the row lock lasts until commit); SQLite runs one writer anyway.
//   The purchase limit is counted after it: N concurrent purchases cannot all see "one left".
// - createSubscriptionTx: new-api's CreateUserSubscriptionFromPlanTx: the purchase limit, the
//   snapshot of quota and periods, the group upgrade (remembering the group it replaced).
// - downgradeGroupTx: new-api's downgradeUserGroupForSubscriptionTx, when a subscription ends early.
import type { Prisma, SubscriptionPlan, UserSubscription } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/server/http/app-error";
import { nextResetTime, planEndTime } from "@/lib/server/ledger/plan-periods";

type Tx = Prisma.TransactionClient;

export const nowUnix = () => Math.floor(Date.now() / 1000);

export type LockedUser = { id: number; username: string; role: number; group: string; quota: bigint };

export async function lockUser(tx: Tx, userId: number): Promise<LockedUser> {
  const moved = await tx.user.updateMany({ where: { id: userId, deletedAt: null }, data: { quota: { increment: 0 } } });
  if (moved.count === 0) throw new AppError("not_found", "user_not_found");
  return tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, username: true, role: true, group: true, quota: true },
  });
}

export async function createSubscriptionTx(
  tx: Tx,
  user: LockedUser,
  plan: SubscriptionPlan,
  source: "order" | "admin" | "balance",
  { enforceLimit = true }: { enforceLimit?: boolean } = {},
): Promise<UserSubscription> {
  if (enforceLimit && plan.maxPurchasePerUser > 0) {
    const held = await tx.userSubscription.count({ where: { userId: user.id, planId: plan.id } });
    if (held >= plan.maxPurchasePerUser) throw new AppError("conflict", "subscription_purchase_limit_reached");
  }
  const now = nowUnix();
  const end = planEndTime(now, plan);
  const nextReset = nextResetTime(now, plan, end);
  let prevGroup = "";
  const upgrade = plan.upgradeGroup.trim();
  if (upgrade && user.group !== upgrade) {
    prevGroup = user.group;
    await tx.user.update({ where: { id: user.id }, data: { group: upgrade } });
  }
  return tx.userSubscription.create({
    data: {
      userId: user.id,
      planId: plan.id,
      amountTotal: plan.totalAmount,
      amountUsed: 0n,
      startTime: BigInt(now),
      endTime: BigInt(end),
      status: "active",
      source,
      lastResetTime: BigInt(nextReset > 0 ? now : 0),
      nextResetTime: BigInt(nextReset),
      upgradeGroup: upgrade,
      prevUserGroup: prevGroup,
      downgradeGroup: plan.downgradeGroup.trim(),
      allowWalletOverflow: plan.allowWalletOverflow ?? true,
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** The group to return to when `sub` ends early, applied; "" when the group stays. */
export async function downgradeGroupTx(tx: Tx, sub: UserSubscription, now: number): Promise<string> {
  const downgrade = sub.downgradeGroup.trim();
  const upgrade = sub.upgradeGroup.trim();
  if (!downgrade && !upgrade) return "";
  const user = await tx.user.findUnique({ where: { id: sub.userId }, select: { group: true } });
  if (!user) return "";
  const otherUpgrade = await tx.userSubscription.findFirst({
    where: {
      userId: sub.userId,
      status: "active",
      endTime: { gt: BigInt(now) },
      id: { not: sub.id },
      upgradeGroup: { not: "" },
    },
    select: { id: true },
  });
  if (otherUpgrade) return "";
  let target = downgrade;
  if (!target) {
    if (user.group !== upgrade) return "";
    target = sub.prevUserGroup.trim();
  }
  if (!target || target === user.group) return "";
  await tx.user.update({ where: { id: sub.userId }, data: { group: target } });
  return target;
}
