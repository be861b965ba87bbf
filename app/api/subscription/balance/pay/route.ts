import { envelope, route } from "@/lib/server/http/route";
import { planIdBodySchema } from "@/modules/subscriptions/schemas";
import { purchaseWithBalance } from "@/modules/subscriptions/server/purchase-with-balance";

// POST /api/subscription/balance/pay – {plan_id}: buy a plan with the wallet balance; user.
// Rate-limited as new-api's CriticalRateLimit; answers data null as new-api.
export const POST = route({ role: "user", body: planIdBodySchema, critical: true }, async ({ user, body, t }) => {
  await purchaseWithBalance(user.id, body.plan_id);
  return envelope(null, t("subscription_bought"));
});
