// The subscription rows of the new-api fixture (model/subscription.go): two plans (one on sale with a
// weekly quota reset, one retired with every option set), alice's active subscription with quota used
// and her expired one, a subscription and an order of carol (soft-deleted: skipped), bob's cancelled
// one, orders that succeeded and one pending, and an in-flight pre-consume record (not imported).
const DAY = 86_400;

type Value = string | number | boolean | null;

/** What the tests rely on. */
export const SUBSCRIPTIONS = {
  /** alice's (user 2) active subscription of plan 1: her old key's relay calls are paid by it. */
  active: { id: 1, userId: 2, planId: 1, total: 2_000_000, used: 350_000 },
  planTitle: "Pro Monthly",
  /** carol's subscription and order (carol is soft-deleted). */
  skippedSubscription: 3,
  skippedOrder: 3,
} as const;

// prettier-ignore
export function subscriptionRows(now: number): Record<string, Array<Record<string, Value>>> {
  const plan = (id: number, extra: Record<string, Value>) => ({
    id, title: "", subtitle: "", price_amount: 0, currency: "USD", duration_unit: "month", duration_value: 1,
    custom_seconds: 0, enabled: true, sort_order: 0, allow_balance_pay: null, allow_wallet_overflow: null,
    stripe_price_id: "", creem_product_id: "", waffo_pancake_product_id: "", max_purchase_per_user: 0,
    upgrade_group: "", downgrade_group: "", total_amount: 0, quota_reset_period: "never",
    quota_reset_custom_seconds: 0, created_at: now - 90 * DAY, updated_at: now - 40 * DAY, ...extra,
  });
  const sub = (id: number, user_id: number, plan_id: number, extra: Record<string, Value>) => ({
    id, user_id, plan_id, amount_total: 2_000_000, amount_used: 0, start_time: now - 10 * DAY, end_time: now + 20 * DAY,
    status: "active", source: "order", last_reset_time: now - 3 * DAY, next_reset_time: now + 4 * DAY, upgrade_group: "",
    prev_user_group: "", downgrade_group: "", allow_wallet_overflow: true, created_at: now - 10 * DAY,
    updated_at: now - 3 * DAY, ...extra,
  });
  const order = (id: number, user_id: number, trade_no: string, extra: Record<string, Value>) => ({
    id, user_id, plan_id: 1, money: 9.9, trade_no, payment_method: "alipay", payment_provider: "epay", status: "success",
    create_time: now - 10 * DAY, complete_time: now - 10 * DAY, provider_payload: "", ...extra,
  });
  const { active } = SUBSCRIPTIONS;
  return {
    subscription_plans: [
      plan(1, {
        title: SUBSCRIPTIONS.planTitle, subtitle: "2M quota a week", price_amount: 9.9, sort_order: 10,
        allow_wallet_overflow: true, stripe_price_id: "price_1ProMonthly", total_amount: active.total,
        quota_reset_period: "weekly",
      }),
      plan(2, {
        title: "Legacy Basic", price_amount: 1.5, duration_unit: "day", duration_value: 7, enabled: false,
        allow_balance_pay: false, allow_wallet_overflow: false, creem_product_id: "prod_creem_basic",
        waffo_pancake_product_id: "wp_basic", max_purchase_per_user: 1, upgrade_group: "vip", downgrade_group: "default",
        total_amount: 100_000, quota_reset_period: "custom", quota_reset_custom_seconds: DAY,
      }),
    ],
    user_subscriptions: [
      sub(active.id, active.userId, active.planId, { amount_total: active.total, amount_used: active.used }),
      sub(2, 2, 2, {
        amount_total: 100_000, amount_used: 100_000, start_time: now - 60 * DAY, end_time: now - 53 * DAY,
        status: "expired", source: "admin", last_reset_time: now - 54 * DAY, next_reset_time: 0, upgrade_group: "vip",
        prev_user_group: "default", downgrade_group: "default", allow_wallet_overflow: false, updated_at: now - 53 * DAY,
      }),
      sub(SUBSCRIPTIONS.skippedSubscription, 4, 1, { amount_used: 1_000 }),
      // a row older than the allow_wallet_overflow column: NULL (new-api lets the wallet pay on)
      sub(4, 3, 1, { start_time: now - 5 * DAY, end_time: now + 25 * DAY, status: "cancelled", source: "balance", allow_wallet_overflow: null }),
    ],
    subscription_orders: [
      order(1, 2, "SUBUSR2NOa1b2c3", { provider_payload: "trade_status=TRADE_SUCCESS" }),
      order(2, 2, "SUBUSR2NOd4e5f6", { payment_method: "stripe", payment_provider: "stripe", status: "pending", create_time: now - DAY, complete_time: 0 }),
      order(SUBSCRIPTIONS.skippedOrder, 4, "SUBUSR4NOg7h8i9", { payment_method: "wxpay" }),
      order(4, 3, "SUBBALUSR3NOj1k2l3", { payment_method: "balance", payment_provider: "balance", create_time: now - 5 * DAY, complete_time: now - 5 * DAY, provider_payload: "charged_quota=4950000" }),
    ],
    subscription_pre_consume_records: [
      { id: 1, request_id: "req-in-flight", user_id: 2, user_subscription_id: 1, pre_consumed: 1_000, status: "consumed", created_at: now - 60, updated_at: now - 60 },
    ],
  };
}
