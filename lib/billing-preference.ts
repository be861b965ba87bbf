// Which of a user's subscription plans and wallet pays a relay call first: new-api's four billing
// preferences (users.setting.billing_preference). Anything else reads as subscription_first, as
// new-api's NormalizeBillingPreference. Shared by the relay's ledger and the subscriptions module.
export const BILLING_PREFERENCES = ["subscription_first", "wallet_first", "subscription_only", "wallet_only"] as const;
export type BillingPreference = (typeof BILLING_PREFERENCES)[number];

export function normalizePreference(value: unknown): BillingPreference {
  const v = typeof value === "string" ? value.trim() : "";
  return (BILLING_PREFERENCES as readonly string[]).includes(v) ? (v as BillingPreference) : "subscription_first";
}
