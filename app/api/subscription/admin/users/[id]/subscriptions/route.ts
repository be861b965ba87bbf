import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { planIdBodySchema } from "@/modules/subscriptions/schemas";
import { listUserSubscriptions } from "@/modules/subscriptions/server/list-user-subscriptions";
import { bindSubscription } from "@/modules/subscriptions/server/bind-subscription";

// GET /api/subscription/admin/users/{id}/subscriptions – a user's subscriptions, [{subscription}]; admin
// (only of users the admin may manage)
export const GET = route({ role: "admin" }, ({ user, params }) => listUserSubscriptions(user, idParam(params)));

// POST /api/subscription/admin/users/{id}/subscriptions – {plan_id}: give the user a plan; admin
export const POST = route({ role: "admin", body: planIdBodySchema }, async ({ user, params, body, t }) => {
  const group = await bindSubscription(user, idParam(params), body.plan_id);
  return group ? { message: t("subscription_group_upgraded", { group }) } : null;
});
