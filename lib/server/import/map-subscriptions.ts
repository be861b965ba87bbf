import "server-only";

// new-api's subscription plans, users' subscriptions and plan orders (model/subscription.go) as this
// gateway keeps them (prisma/schema.prisma mirrors new-api's columns; docs/import.md). Ids are kept:
// the consume logs' `other.subscription_id` and the orders name them. Plans always come (new-api never
// deletes one); a subscription or an order of a user not imported or soft-deleted is skipped with the
// reason, as a second factor is. Money stays as it is (USD), times are unix seconds on both sides, and
// statuses keep new-api's words. An imported subscription starts in quota period 0 (`quotaEpoch`).
import { TOPUP_STATUS } from "@/lib/constants";
import type { SourceRow } from "@/lib/server/import/source";
import {
  columnList,
  skipReason,
  type MapContext,
  type Mapped,
  type TableImport,
} from "@/lib/server/import/table-import";
import { TARGET } from "@/lib/server/import/target-tables";
import { big, bool, int, num, str } from "@/lib/server/import/values";

const SUBSCRIPTION_STATUSES = new Set(["active", "expired", "cancelled"]);
const ORDER_STATUSES = new Set<string>(Object.values(TOPUP_STATUS));
/** The providers whose pending orders can still complete here (EPay's signed notice; balance is immediate). */
const PROVIDERS_HERE = new Set(["epay", "balance"]);
/** new-api's other providers (model/topup.go), named in the report; any other value is "another provider". */
const PROVIDERS_ELSEWHERE = new Set(["stripe", "creem", "waffo", "waffo_pancake"]);

/** new-api's *bool columns: NULL (a row older than the column) means true; ours keeps NULL as "unset". */
const optionalBool = (v: SourceRow[string] | undefined): boolean | null =>
  v === null || v === undefined ? null : bool(v);

/** A quota column that must not be negative: 0 instead, said in the report. */
function quota(r: SourceRow, column: string, table: string, ctx: MapContext): bigint {
  const v = big(r[column]);
  if (v >= 0n) return v;
  ctx.note(table, `negative ${column} set to 0`);
  return 0n;
}

/** The row's status when it is one of new-api's words, else `fallback` (noted: a fixed text per table). */
function statusOf(r: SourceRow, known: ReadonlySet<string>, fallback: string, table: string, ctx: MapContext) {
  const status = str(r.status);
  if (known.has(status)) return status;
  ctx.note(table, `a status that is none of new-api's (${[...known].join(", ")}): imported as ${fallback}`);
  return fallback;
}

function mapPlan(r: SourceRow, ctx: MapContext): Mapped {
  if (str(r.waffo_pancake_product_id))
    ctx.note("subscription_plans", "waffo_pancake_product_id dropped (no Waffo payments here)");
  return {
    row: {
      id: int(r.id),
      title: str(r.title),
      subtitle: str(r.subtitle),
      // decimal(10,6): a string from mysql2 and pg, a number from SQLite
      priceAmount: num(r.price_amount),
      currency: str(r.currency) || "USD",
      durationUnit: str(r.duration_unit) || "month",
      durationValue: int(r.duration_value ?? 1),
      customSeconds: big(r.custom_seconds),
      enabled: r.enabled === null || r.enabled === undefined ? true : bool(r.enabled),
      sortOrder: int(r.sort_order),
      allowBalancePay: optionalBool(r.allow_balance_pay),
      allowWalletOverflow: optionalBool(r.allow_wallet_overflow),
      stripePriceId: str(r.stripe_price_id),
      creemProductId: str(r.creem_product_id),
      maxPurchasePerUser: int(r.max_purchase_per_user),
      upgradeGroup: str(r.upgrade_group),
      downgradeGroup: str(r.downgrade_group),
      totalAmount: quota(r, "total_amount", "subscription_plans", ctx),
      quotaResetPeriod: str(r.quota_reset_period).trim() || "never",
      quotaResetCustomSeconds: big(r.quota_reset_custom_seconds),
      createdAt: int(r.created_at),
      updatedAt: int(r.updated_at),
    },
  };
}

function mapSubscription(r: SourceRow, ctx: MapContext): Mapped {
  const skip = skipReason(r, ctx, "subscription");
  if (skip) return { skip };
  const status = statusOf(r, SUBSCRIPTION_STATUSES, "cancelled", "user_subscriptions", ctx);
  return {
    row: {
      id: int(r.id),
      userId: int(r.user_id),
      planId: int(r.plan_id),
      amountTotal: quota(r, "amount_total", "user_subscriptions", ctx),
      amountUsed: quota(r, "amount_used", "user_subscriptions", ctx),
      startTime: big(r.start_time),
      endTime: big(r.end_time),
      status,
      source: str(r.source) || "order",
      lastResetTime: big(r.last_reset_time),
      nextResetTime: big(r.next_reset_time),
      upgradeGroup: str(r.upgrade_group),
      prevUserGroup: str(r.prev_user_group),
      downgradeGroup: str(r.downgrade_group),
      // new-api blocks the wallet only on `allow_wallet_overflow = false`: NULL lets it pay on
      allowWalletOverflow: optionalBool(r.allow_wallet_overflow) ?? true,
      quotaEpoch: 0,
      createdAt: int(r.created_at),
      updatedAt: int(r.updated_at),
    },
  };
}

function mapOrder(r: SourceRow, ctx: MapContext): Mapped {
  const skip = skipReason(r, ctx, "subscription order");
  if (skip) return { skip };
  const status = statusOf(r, ORDER_STATUSES, TOPUP_STATUS.failed, "subscription_orders", ctx);
  const provider = str(r.payment_provider);
  if (status === TOPUP_STATUS.pending && provider && !PROVIDERS_HERE.has(provider)) {
    // a fixed set of texts: the notes are counted per text, and a column's values are not bounded
    const name = PROVIDERS_ELSEWHERE.has(provider) ? provider : "another provider's";
    ctx.note(
      "subscription_orders",
      `a pending ${name} order stays pending (no such payments here: it cannot complete)`,
    );
  }
  return {
    row: {
      id: int(r.id),
      userId: int(r.user_id),
      planId: int(r.plan_id),
      money: num(r.money),
      // ours is unique and required (new-api's is unique, but may be empty on a hand-made row)
      tradeNo: str(r.trade_no) || `imported-${str(r.id)}`,
      paymentMethod: str(r.payment_method),
      paymentProvider: provider,
      status,
      createTime: int(r.create_time),
      completeTime: int(r.complete_time),
      providerPayload: str(r.provider_payload),
    },
  };
}

export const SUBSCRIPTION_TABLES: readonly TableImport[] = [
  {
    source: "subscription_plans",
    target: TARGET.subscription_plans,
    key: "id",
    columns: columnList(
      "id title subtitle price_amount currency duration_unit duration_value custom_seconds enabled sort_order allow_balance_pay allow_wallet_overflow stripe_price_id creem_product_id waffo_pancake_product_id max_purchase_per_user upgrade_group downgrade_group total_amount quota_reset_period quota_reset_custom_seconds created_at updated_at",
    ),
    map: mapPlan,
  },
  {
    source: "user_subscriptions",
    target: TARGET.user_subscriptions,
    key: "id",
    columns: columnList(
      "id user_id plan_id amount_total amount_used start_time end_time status source last_reset_time next_reset_time upgrade_group prev_user_group downgrade_group allow_wallet_overflow created_at updated_at",
    ),
    map: mapSubscription,
  },
  {
    source: "subscription_orders",
    target: TARGET.subscription_orders,
    key: "id",
    columns: columnList(
      "id user_id plan_id money trade_no payment_method payment_provider status create_time complete_time provider_payload",
    ),
    map: mapOrder,
  },
];
