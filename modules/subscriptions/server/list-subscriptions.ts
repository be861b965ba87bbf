import "server-only";

// A user's subscriptions, as new-api's GetAllUserSubscriptions / GetAllActiveUserSubscriptions:
// newest end first. "Active" is status active and not yet ended: a subscription past its end reads
// as not active here even before anything marks it expired.
import { db } from "@/lib/server/db";
import { toSummaryDto } from "@/modules/subscriptions/server/dto";
import { nowUnix } from "@/modules/subscriptions/server/subscription-tx";
import type { SubscriptionSummaryDto } from "@/modules/subscriptions/schemas";

/** Per user, the most rows a list answers (a purchase limit of 0 is unlimited; the list is not). */
const SUBSCRIPTIONS_MAX = 500;

export async function listSubscriptions(
  userId: number,
  opts: { activeOnly: boolean },
): Promise<SubscriptionSummaryDto[]> {
  const rows = await db().userSubscription.findMany({
    where: { userId, ...(opts.activeOnly ? { status: "active", endTime: { gt: BigInt(nowUnix()) } } : {}) },
    orderBy: [{ endTime: "desc" }, { id: "desc" }],
    take: SUBSCRIPTIONS_MAX,
  });
  return rows.map(toSummaryDto);
}
