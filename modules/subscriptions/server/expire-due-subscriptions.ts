import "server-only";

// The minute job "subscription-expiry" (server/cluster/jobs.ts, under a cluster lease: one
// instance runs it): active subscriptions past their end become "expired", and the user's group
// goes back as new-api's ExpireDueSubscriptions does: not while another active subscription still
// upgrades it; else to the last expired one's downgrade group, or to the group it replaced if the
// user still holds the upgraded one. Per user one transaction under the user's row lock, so a
// purchase or bind racing it sees either all of it or none. Bounded per run (new-api's 200).
import { db } from "@/lib/server/db";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { lockUser, nowUnix } from "@/modules/subscriptions/server/subscription-tx";

const BATCH = 200;

/** Expires what is due; answers how many subscriptions it expired. */
export async function expireDueSubscriptions(now = nowUnix()): Promise<number> {
  const due = await db().userSubscription.findMany({
    where: { status: "active", endTime: { gt: 0n, lte: BigInt(now) } },
    orderBy: [{ endTime: "asc" }, { id: "asc" }],
    take: BATCH,
    select: { userId: true },
  });
  let expired = 0;
  for (const userId of new Set(due.map((s) => s.userId))) {
    // Inside the ledger's queue, so the relay's copy of the user's plans follows (bookkeeping.ts).
    const done = await writeAfterFlush(() => expireUserInTx(userId, now), { userIds: [userId] });
    expired += done.expired;
    if (done.groupChanged) invalidateUser(userId);
  }
  return expired;
}

/** Expires the user's due subscriptions; answers how many, and whether the user's group moved. */
function expireUserInTx(userId: number, now: number): Promise<{ expired: number; groupChanged: boolean }> {
  return db().$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const moved = await tx.userSubscription.updateMany({
      where: { userId, status: "active", endTime: { gt: 0n, lte: BigInt(now) } },
      data: { status: "expired", updatedAt: now },
    });
    const done = (groupChanged: boolean) => ({ expired: moved.count, groupChanged });
    const stillUpgraded = await tx.userSubscription.findFirst({
      where: { userId, status: "active", endTime: { gt: BigInt(now) }, upgradeGroup: { not: "" } },
      select: { id: true },
    });
    if (stillUpgraded) return done(false);
    const last = await tx.userSubscription.findFirst({
      where: { userId, status: "expired", OR: [{ downgradeGroup: { not: "" } }, { upgradeGroup: { not: "" } }] },
      orderBy: [{ endTime: "desc" }, { id: "desc" }],
    });
    if (!last) return done(false);
    let target = last.downgradeGroup.trim();
    if (!target) {
      if (!last.upgradeGroup || !last.prevUserGroup || user.group !== last.upgradeGroup) return done(false);
      target = last.prevUserGroup;
    }
    if (target === user.group) return done(false);
    await tx.user.update({ where: { id: userId }, data: { group: target } });
    return done(true);
  });
}
