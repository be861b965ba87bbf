import "server-only";

// The answers' shapes, field for field new-api's SubscriptionPlan and UserSubscription JSON.
// Nothing secret lives on these rows; BigInt columns become numbers (quota stays below 2^53).
import type { SubscriptionPlan, UserSubscription } from "@/lib/generated/sqlite/client";
import type {
  DurationUnit,
  PlanDto,
  ResetPeriod,
  SubscriptionSummaryDto,
  UserSubscriptionDto,
} from "@/modules/subscriptions/schemas";

export function toPlanDto(p: SubscriptionPlan): PlanDto {
  return {
    id: p.id,
    title: p.title,
    subtitle: p.subtitle,
    price_amount: p.priceAmount,
    currency: p.currency,
    duration_unit: p.durationUnit as DurationUnit,
    duration_value: p.durationValue,
    custom_seconds: Number(p.customSeconds),
    enabled: p.enabled,
    sort_order: p.sortOrder,
    // new-api's NormalizeDefaults: unset means allowed
    allow_balance_pay: p.allowBalancePay ?? true,
    allow_wallet_overflow: p.allowWalletOverflow ?? true,
    stripe_price_id: p.stripePriceId,
    creem_product_id: p.creemProductId,
    max_purchase_per_user: p.maxPurchasePerUser,
    upgrade_group: p.upgradeGroup,
    downgrade_group: p.downgradeGroup,
    total_amount: Number(p.totalAmount),
    quota_reset_period: p.quotaResetPeriod as ResetPeriod,
    quota_reset_custom_seconds: Number(p.quotaResetCustomSeconds),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

export function toUserSubscriptionDto(s: UserSubscription): UserSubscriptionDto {
  return {
    id: s.id,
    user_id: s.userId,
    plan_id: s.planId,
    amount_total: Number(s.amountTotal),
    amount_used: Number(s.amountUsed),
    start_time: Number(s.startTime),
    end_time: Number(s.endTime),
    status: s.status as UserSubscriptionDto["status"],
    source: s.source,
    last_reset_time: Number(s.lastResetTime),
    next_reset_time: Number(s.nextResetTime),
    upgrade_group: s.upgradeGroup,
    prev_user_group: s.prevUserGroup,
    downgrade_group: s.downgradeGroup,
    allow_wallet_overflow: s.allowWalletOverflow,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

export const toSummaryDto = (s: UserSubscription): SubscriptionSummaryDto => ({
  subscription: toUserSubscriptionDto(s),
});
