import { route } from "@/lib/server/http/route";
import { planBodySchema } from "@/modules/subscriptions/schemas";
import { listPlans } from "@/modules/subscriptions/server/list-plans";
import { createPlan } from "@/modules/subscriptions/server/create-plan";

// GET /api/subscription/admin/plans – every plan, [{plan}]; admin
export const GET = route({ role: "admin" }, () => listPlans({ enabledOnly: false }));

// POST /api/subscription/admin/plans – {plan: {...}} → the plan created; admin
export const POST = route({ role: "admin", body: planBodySchema }, ({ user, body }) => createPlan(user, body.plan));
