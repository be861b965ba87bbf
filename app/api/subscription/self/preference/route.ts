import { route } from "@/lib/server/http/route";
import { preferenceBodySchema } from "@/modules/subscriptions/schemas";
import { setBillingPreference } from "@/modules/subscriptions/server/set-billing-preference";

// PUT /api/subscription/self/preference – {billing_preference} → {billing_preference} (normalised); user
export const PUT = route({ role: "user", body: preferenceBodySchema }, async ({ user, body }) => ({
  billing_preference: await setBillingPreference(user.id, body.billing_preference),
}));
