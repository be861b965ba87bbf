import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { AppError } from "@/lib/server/http/app-error";
import { resetBodySchema } from "@/modules/subscriptions/schemas";
import { resetSubscriptions } from "@/modules/subscriptions/server/reset-subscriptions";

// POST /api/subscription/admin/users/{id}/subscriptions/reset – {plan_id, advance_reset_time}: the
// user's active subscriptions of that plan back to 0 used; admin
export const POST = route({ role: "admin", body: resetBodySchema }, ({ user, params, body }) => {
  if (!body.plan_id) throw new AppError("bad_request", "subscription_plan_id_invalid");
  return resetSubscriptions(user, body.plan_id, {
    userId: idParam(params),
    advanceResetTime: body.advance_reset_time ?? true,
  });
});
