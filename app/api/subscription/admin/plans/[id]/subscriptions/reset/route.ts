import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { resetBodySchema } from "@/modules/subscriptions/schemas";
import { resetSubscriptions } from "@/modules/subscriptions/server/reset-subscriptions";

// POST /api/subscription/admin/plans/{id}/subscriptions/reset – {advance_reset_time}: every active
// subscription of the plan back to 0 used (an admin's: only of users below them); admin
export const POST = route({ role: "admin", body: resetBodySchema }, ({ user, params, body }) =>
  resetSubscriptions(user, idParam(params), { advanceResetTime: body.advance_reset_time ?? true }),
);
