import { route } from "@/lib/server/http/route";
import { getOwnSubscriptions } from "@/modules/subscriptions/server/get-own-subscriptions";

// GET /api/subscription/self – the caller's {billing_preference, subscriptions, all_subscriptions}; user
export const GET = route({ role: "user" }, ({ user }) => getOwnSubscriptions(user.id));
