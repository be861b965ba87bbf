import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { endSubscription } from "@/modules/subscriptions/server/end-subscription";

// DELETE /api/subscription/admin/user_subscriptions/{id} – remove the subscription; admin.
// data {message} when the user's group is reverted, else null (new-api).
export const DELETE = route({ role: "admin" }, async ({ user, params, t }) => {
  const group = await endSubscription(user, idParam(params), "delete");
  return group ? { message: t("subscription_group_reverted", { group }) } : null;
});
