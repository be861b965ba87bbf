// Subscription payloads at new-api's shapes (controller/subscription.go), shared by the
// /api/subscription routes and the console's plan editor. Issue messages are server message keys.
// new-api coerces some bad values (a duration of 0 becomes 1, an unknown reset period "never"); we
// refuse them instead: hostile or mistaken input is a 400 and nothing is stored.
import { z } from "zod";
import { BILLING_PREFERENCES, normalizePreference, type BillingPreference } from "@/lib/billing-preference";

export { BILLING_PREFERENCES, normalizePreference, type BillingPreference };

export const DURATION_UNITS = ["year", "month", "day", "hour", "custom"] as const;
export const RESET_PERIODS = ["never", "daily", "weekly", "monthly", "custom"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export type ResetPeriod = (typeof RESET_PERIODS)[number];

/** new-api: 价格不能超过9999. */
export const PLAN_PRICE_MAX = 9999;
/** A plan runs at most a hundred years (the end stays a sane unix time). */
export const PLAN_SECONDS_MAX = 100 * 366 * 86_400;
/** Largest duration_value per unit, so that value × unit ≤ a hundred years. */
export const DURATION_VALUE_MAX: Record<Exclude<DurationUnit, "custom">, number> = {
  year: 100,
  month: 1200,
  day: 36_600,
  hour: 878_400,
};
export const PLAN_TOTAL_MAX = Number.MAX_SAFE_INTEGER;
export const PLAN_PURCHASE_LIMIT_MAX = 1_000_000;
export const PLAN_TITLE_MAX = 128;
export const PLAN_SUBTITLE_MAX = 255;
export const PLAN_GROUP_MAX = 64;

const int = (key: string, min: number, max: number) => z.number({ error: key }).int(key).min(min, key).max(max, key);

/** The plan object of {plan: {...}} (create and edit send the whole plan, as new-api's form). */
export const planSchema = z
  .object({
    title: z
      .string({ error: "subscription_title_required" })
      .trim()
      .min(1, "subscription_title_required")
      .max(PLAN_TITLE_MAX, "subscription_title_too_long"),
    subtitle: z
      .string({ error: "invalid_field" })
      .trim()
      .max(PLAN_SUBTITLE_MAX, "subscription_subtitle_too_long")
      .default(""),
    price_amount: z
      .number({ error: "subscription_price_invalid" })
      .min(0, "subscription_price_negative")
      .max(PLAN_PRICE_MAX, "subscription_price_too_high"),
    currency: z.string({ error: "invalid_field" }).max(8, "invalid_field").optional(),
    duration_unit: z.enum(DURATION_UNITS, { error: "subscription_duration_invalid" }).default("month"),
    duration_value: int("subscription_duration_invalid", 0, DURATION_VALUE_MAX.hour).default(1),
    custom_seconds: int("subscription_duration_invalid", 0, PLAN_SECONDS_MAX).default(0),
    enabled: z.boolean({ error: "invalid_field" }).default(true),
    sort_order: int("subscription_sort_invalid", -1_000_000, 1_000_000).default(0),
    allow_balance_pay: z.boolean({ error: "invalid_field" }).nullable().optional(),
    allow_wallet_overflow: z.boolean({ error: "invalid_field" }).nullable().optional(),
    stripe_price_id: z.string({ error: "invalid_field" }).trim().max(128, "invalid_field").default(""),
    creem_product_id: z.string({ error: "invalid_field" }).trim().max(128, "invalid_field").default(""),
    max_purchase_per_user: int("subscription_purchase_limit_invalid", 0, PLAN_PURCHASE_LIMIT_MAX).default(0),
    upgrade_group: z.string({ error: "invalid_field" }).trim().max(PLAN_GROUP_MAX, "invalid_field").default(""),
    downgrade_group: z.string({ error: "invalid_field" }).trim().max(PLAN_GROUP_MAX, "invalid_field").default(""),
    total_amount: int("subscription_total_invalid", 0, PLAN_TOTAL_MAX).default(0),
    quota_reset_period: z.enum(RESET_PERIODS, { error: "subscription_reset_invalid" }).default("never"),
    quota_reset_custom_seconds: int("subscription_reset_custom_invalid", 0, PLAN_SECONDS_MAX).default(0),
  })
  .superRefine((p, ctx) => {
    if (p.duration_unit === "custom") {
      if (p.custom_seconds < 1)
        ctx.addIssue({ code: "custom", path: ["custom_seconds"], message: "subscription_duration_invalid" });
    } else if (p.duration_value < 1 || p.duration_value > DURATION_VALUE_MAX[p.duration_unit]) {
      ctx.addIssue({ code: "custom", path: ["duration_value"], message: "subscription_duration_invalid" });
    }
    if (p.quota_reset_period === "custom" && p.quota_reset_custom_seconds < 1)
      ctx.addIssue({
        code: "custom",
        path: ["quota_reset_custom_seconds"],
        message: "subscription_reset_custom_invalid",
      });
  });
export type PlanInput = z.infer<typeof planSchema>;
export type PlanFormValues = z.input<typeof planSchema>;

/** POST /api/subscription/admin/plans and PUT …/plans/{id}: {plan: {...}}. */
export const planBodySchema = z.object({ plan: planSchema }, { error: "invalid_field" });

/** PATCH /api/subscription/admin/plans/{id}: {enabled}. */
export const planStatusSchema = z.object({ enabled: z.boolean({ error: "invalid_field" }) });

const positiveId = (key: string) => int(key, 1, 2_147_483_647);

/** POST /api/subscription/balance/pay and POST /admin/users/{id}/subscriptions: {plan_id}. */
export const planIdBodySchema = z.object({ plan_id: positiveId("subscription_plan_id_invalid") });

/** POST /api/subscription/admin/bind: {user_id, plan_id}. */
export const bindBodySchema = z.object({
  user_id: positiveId("invalid_field"),
  plan_id: positiveId("subscription_plan_id_invalid"),
});

/** POST …/users/{id}/subscriptions/reset: {plan_id, advance_reset_time}; …/plans/{id}/subscriptions/reset: {advance_reset_time}. */
export const resetBodySchema = z.object({
  plan_id: positiveId("subscription_plan_id_invalid").optional(),
  advance_reset_time: z.boolean({ error: "invalid_field" }).nullable().optional(),
});

/** PUT /api/subscription/self/preference: {billing_preference}; new-api turns anything unknown into subscription_first. */
export const preferenceBodySchema = z.object({
  billing_preference: z.string({ error: "invalid_field" }).max(64, "invalid_field"),
});


/** EPay types as new-api sends them (alipay, wxpay) and our wallet's names for them (zfb, wx). */
export const EPAY_METHODS = ["alipay", "wxpay", "zfb", "wx"] as const;

/** POST /api/subscription/epay/pay: {plan_id, payment_method}. */
export const epayPayBodySchema = z.object({
  plan_id: positiveId("subscription_plan_id_invalid"),
  payment_method: z.enum(EPAY_METHODS, { error: "subscription_epay_method_unknown" }),
});

// ---- what the API answers (DTOs), shared with the console

export type PlanDto = {
  id: number;
  title: string;
  subtitle: string;
  price_amount: number;
  currency: string;
  duration_unit: DurationUnit;
  duration_value: number;
  custom_seconds: number;
  enabled: boolean;
  sort_order: number;
  allow_balance_pay: boolean;
  allow_wallet_overflow: boolean;
  stripe_price_id: string;
  creem_product_id: string;
  max_purchase_per_user: number;
  upgrade_group: string;
  downgrade_group: string;
  total_amount: number;
  quota_reset_period: ResetPeriod;
  quota_reset_custom_seconds: number;
  created_at: number;
  updated_at: number;
};

export type UserSubscriptionDto = {
  id: number;
  user_id: number;
  plan_id: number;
  amount_total: number;
  amount_used: number;
  start_time: number;
  end_time: number;
  status: "active" | "expired" | "cancelled";
  source: string;
  last_reset_time: number;
  next_reset_time: number;
  upgrade_group: string;
  prev_user_group: string;
  downgrade_group: string;
  allow_wallet_overflow: boolean;
  created_at: number;
  updated_at: number;
};

/** new-api's SubscriptionSummary: {subscription}. */
export type SubscriptionSummaryDto = { subscription: UserSubscriptionDto };

export type SubscriptionSelfDto = {
  billing_preference: BillingPreference;
  subscriptions: SubscriptionSummaryDto[];
  all_subscriptions: SubscriptionSummaryDto[];
};

export type ResetResultDto = {
  plan_id: number;
  matched_count: number;
  reset_count: number;
  user_count: number;
  advance_reset_time: boolean;
};
