import { route } from "@/lib/server/http/route";
import { listPlans } from "@/modules/subscriptions/server/list-plans";

// GET /api/subscription/plans – the enabled plans, [{plan}] (new-api's shape); user
export const GET = route({ role: "user" }, () => listPlans({ enabledOnly: true }));
