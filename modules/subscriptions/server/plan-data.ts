import "server-only";

// A validated plan payload as the row's columns, with the checks zod cannot make alone: the upgrade
// and downgrade groups must be groups the gateway prices (new-api: 升级分组不存在 / 降级分组不存在).
// The currency is always USD, as new-api forces it.
import { AppError } from "@/lib/server/http/app-error";
import { getJsonOption } from "@/lib/server/options/store";
import { hasOwnKey } from "@/lib/own-keys";
import type { PlanInput } from "@/modules/subscriptions/schemas";

export async function planData(p: PlanInput) {
  const groups = await getJsonOption("GroupRatio", {});
  if (p.upgrade_group && !hasOwnKey(groups, p.upgrade_group))
    throw new AppError("bad_request", "subscription_upgrade_group_unknown");
  if (p.downgrade_group && !hasOwnKey(groups, p.downgrade_group))
    throw new AppError("bad_request", "subscription_downgrade_group_unknown");
  return {
    title: p.title,
    subtitle: p.subtitle,
    priceAmount: p.price_amount,
    currency: "USD",
    durationUnit: p.duration_unit,
    durationValue: p.duration_unit === "custom" ? Math.max(p.duration_value, 0) : p.duration_value,
    customSeconds: BigInt(p.custom_seconds),
    enabled: p.enabled,
    sortOrder: p.sort_order,
    allowBalancePay: p.allow_balance_pay ?? null,
    allowWalletOverflow: p.allow_wallet_overflow ?? null,
    stripePriceId: p.stripe_price_id,
    creemProductId: p.creem_product_id,
    maxPurchasePerUser: p.max_purchase_per_user,
    upgradeGroup: p.upgrade_group,
    downgradeGroup: p.downgrade_group,
    totalAmount: BigInt(p.total_amount),
    quotaResetPeriod: p.quota_reset_period,
    quotaResetCustomSeconds: BigInt(p.quota_reset_period === "custom" ? p.quota_reset_custom_seconds : 0),
  };
}
