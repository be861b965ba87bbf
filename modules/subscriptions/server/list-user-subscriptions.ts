import "server-only";

// GET /api/subscription/admin/users/{id}/subscriptions: every subscription of a user the admin may
// manage (admin-target.ts), [{subscription}] as new-api.
import { db } from "@/lib/server/db";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { assertSubscriptionTarget } from "@/modules/subscriptions/server/admin-target";
import { listSubscriptions } from "@/modules/subscriptions/server/list-subscriptions";
import type { SubscriptionSummaryDto } from "@/modules/subscriptions/schemas";

export async function listUserSubscriptions(actor: CurrentUser, userId: number): Promise<SubscriptionSummaryDto[]> {
  await assertSubscriptionTarget(db(), actor, userId);
  return listSubscriptions(userId, { activeOnly: false });
}
