import { route } from "@/lib/server/http/route";
import { bindBodySchema } from "@/modules/subscriptions/schemas";
import { bindSubscription } from "@/modules/subscriptions/server/bind-subscription";

// POST /api/subscription/admin/bind – {user_id, plan_id}: give a plan without payment; admin.
// data {message} when the user's group is upgraded, else null (new-api).
export const POST = route({ role: "admin", body: bindBodySchema }, async ({ user, body, t }) => {
  const group = await bindSubscription(user, body.user_id, body.plan_id);
  return group ? { message: t("subscription_group_upgraded", { group }) } : null;
});
