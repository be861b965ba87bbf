import "server-only";

// GET /api/subscription/self: new-api's {billing_preference, subscriptions (active),
// all_subscriptions (every status)}. The preference lives in the user's setting JSON, as new-api's.
import { db } from "@/lib/server/db";
import { readSetting } from "@/modules/subscriptions/server/user-setting";
import { listSubscriptions } from "@/modules/subscriptions/server/list-subscriptions";
import { normalizePreference, type SubscriptionSelfDto } from "@/modules/subscriptions/schemas";

export async function getOwnSubscriptions(userId: number): Promise<SubscriptionSelfDto> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { setting: true } });
  const setting = readSetting(user?.setting);
  const [subscriptions, all] = await Promise.all([
    listSubscriptions(userId, { activeOnly: true }),
    listSubscriptions(userId, { activeOnly: false }),
  ]);
  return { billing_preference: normalizePreference(setting.billing_preference), subscriptions, all_subscriptions: all };
}
