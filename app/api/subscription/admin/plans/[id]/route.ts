import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { planBodySchema, planStatusSchema } from "@/modules/subscriptions/schemas";
import { updatePlan } from "@/modules/subscriptions/server/update-plan";
import { setPlanEnabled } from "@/modules/subscriptions/server/set-plan-enabled";

// PUT /api/subscription/admin/plans/{id} – {plan: {...}}: the whole plan replaced; admin
export const PUT = route({ role: "admin", body: planBodySchema }, async ({ user, params, body }) => {
  await updatePlan(user, idParam(params), body.plan);
  return null;
});

// PATCH /api/subscription/admin/plans/{id} – {enabled}: enable or disable a plan; admin
export const PATCH = route({ role: "admin", body: planStatusSchema }, async ({ user, params, body }) => {
  await setPlanEnabled(user, idParam(params), body.enabled);
  return null;
});
