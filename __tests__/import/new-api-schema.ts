// The tables of a new-api (zyqfork/new-api@823e263 model/*.go) and a one-api (songquanpeng/one-api@02da017
// model/*.go) database, column for column as their gorm models declare them (./new-api-ddl.ts renders
// them as gorm's AutoMigrate creates them on each engine). Only what the importer reads (and a few
// tables it must leave alone) is here; docs/import.md lists every table.
import type { Opts, Table } from "./new-api-ddl";

const I: Opts = { index: true };
const U: Opts = { unique: true, index: true };
const d = (def: string, more: Opts = {}): Opts => ({ def, ...more });

// prettier-ignore: one line per gorm field group reads like the model it copies.
// prettier-ignore
const NEW_API_TABLES: readonly Table[] = [
  {
    name: "users",
    columns: [
      ["id", "pk"], ["username", "string", U], ["password", "string", { notNull: true }],
      ["display_name", "string", I], ["role", "type:int", d("1")], ["status", "type:int", d("1")],
      ["email", "string", I], ["github_id", "string", I], ["discord_id", "string", I], ["oidc_id", "string", I],
      ["wechat_id", "string", I], ["telegram_id", "string", I], ["access_token", "type:char(32)", U],
      ["quota", "type:int", d("0")], ["used_quota", "type:int", d("0")], ["request_count", "type:int", d("0")],
      ["group", "type:varchar(64)", d("'default'")], ["aff_code", "type:varchar(32)", U],
      ["aff_count", "type:int", d("0")], ["aff_quota", "type:int", d("0")], ["aff_history", "type:int", d("0")],
      ["inviter_id", "type:int", I], ["deleted_at", "time", I], ["linux_do_id", "string", I],
      ["setting", "type:text"], ["remark", "type:varchar(255)"], ["stripe_customer", "type:varchar(64)", I],
      ["created_at", "int"], ["last_login_at", "int", d("0")], ["auth_version", "type:bigint", d("1", { notNull: true })],
    ],
  },
  {
    name: "tokens",
    columns: [
      ["id", "pk"], ["user_id", "int", I], ["key", "type:varchar(128)", U], ["status", "int", d("1")],
      ["name", "string", I], ["created_time", "int"], ["accessed_time", "int"], ["expired_time", "int", d("-1")],
      ["remain_quota", "int", d("0")], ["unlimited_quota", "bool"], ["model_limits_enabled", "bool"],
      ["model_limits", "type:text"], ["allow_ips", "string", d("''")], ["used_quota", "int", d("0")],
      ["group", "string", d("''")], ["cross_group_retry", "bool"], ["auto_groups", "type:text"], ["deleted_at", "time", I],
    ],
  },
  {
    name: "channels",
    columns: [
      ["id", "pk"], ["type", "int", d("0")], ["key", "string", { notNull: true }], ["openai_organization", "string"],
      ["test_model", "string"], ["status", "int", d("1")], ["name", "string", I], ["weight", "uint", d("0")],
      ["created_time", "int"], ["test_time", "int"], ["response_time", "int"], ["base_url", "string", d("''")],
      ["other", "string"], ["balance", "float"], ["balance_updated_time", "int"], ["models", "string"],
      ["group", "type:varchar(64)", d("'default'")], ["used_quota", "int", d("0")], ["model_mapping", "type:text"],
      ["status_code_mapping", "type:varchar(1024)", d("''")], ["priority", "int", d("0")], ["auto_ban", "int", d("1")],
      ["other_info", "string"], ["tag", "string", I], ["setting", "type:text"], ["param_override", "type:text"],
      ["header_override", "type:text"], ["remark", "type:varchar(255)"], ["channel_info", "type:json"], ["settings", "string"],
    ],
  },
  {
    name: "abilities",
    primaryKey: ["group", "model", "channel_id"],
    columns: [
      ["group", "type:varchar(64)"], ["model", "type:varchar(255)"], ["channel_id", "int", I], ["enabled", "bool"],
      ["priority", "int", d("0", I)], ["weight", "uint", d("0", I)], ["tag", "string", I],
    ],
  },
  { name: "options", primaryKey: ["key"], columns: [["key", "string"], ["value", "string"]] },
  {
    name: "redemptions",
    columns: [
      ["id", "pk"], ["user_id", "int"], ["key", "type:char(32)", U], ["status", "int", d("1")], ["name", "string", I],
      ["quota", "int", d("100")], ["created_time", "int"], ["redeemed_time", "int"], ["used_user_id", "int"],
      ["deleted_at", "time", I], ["expired_time", "int"],
    ],
  },
  {
    name: "top_ups",
    columns: [
      ["id", "pk"], ["user_id", "int", I], ["amount", "int"], ["money", "float"], ["trade_no", "type:varchar(255)", U],
      ["payment_method", "type:varchar(50)"], ["payment_provider", "type:varchar(50)", d("''")],
      ["create_time", "int"], ["complete_time", "int"], ["status", "string"],
    ],
  },
  {
    name: "logs",
    columns: [
      ["id", "pk"], ["user_id", "int", I], ["created_at", "int", I], ["type", "int", I], ["content", "string"],
      ["username", "string", d("''", I)], ["token_name", "string", d("''", I)], ["model_name", "string", d("''", I)],
      ["quota", "int", d("0")], ["prompt_tokens", "int", d("0")], ["completion_tokens", "int", d("0")],
      ["use_time", "int", d("0")], ["is_stream", "bool"], ["channel_id", "int", I], ["token_id", "int", d("0", I)],
      ["group", "string", I], ["ip", "string", d("''", I)], ["request_id", "type:varchar(64)", d("''", I)],
      ["upstream_request_id", "type:varchar(128)", d("''", I)], ["other", "string"],
    ],
  },
  {
    name: "quota_data",
    columns: [
      ["id", "pk"], ["user_id", "int", I], ["username", "type:varchar(64)", d("''", I)],
      ["model_name", "type:varchar(64)", d("''", I)], ["created_at", "int", I], ["use_group", "type:varchar(64)", d("''", I)],
      ["token_id", "int", d("0", I)], ["channel_id", "int", d("0", I)], ["node_name", "type:varchar(64)", d("''", I)],
      ["token_used", "int", d("0")], ["count", "int", d("0")], ["quota", "int", d("0")],
    ],
  },
  {
    name: "checkins",
    columns: [
      ["id", "pk"], ["user_id", "int", { notNull: true, index: true }], ["checkin_date", "type:varchar(10)", { notNull: true }],
      ["quota_awarded", "int", { notNull: true }], ["created_at", "int"],
    ],
  },
  {
    name: "midjourneys",
    columns: [
      ["id", "pk"], ["code", "int"], ["user_id", "int", I], ["action", "type:varchar(40)", I], ["mj_id", "string", I],
      ["prompt", "string"], ["prompt_en", "string"], ["description", "string"], ["state", "string"],
      ["submit_time", "int", I], ["start_time", "int", I], ["finish_time", "int", I], ["image_url", "string"],
      ["video_url", "string"], ["video_urls", "string"], ["status", "type:varchar(20)", I],
      ["progress", "type:varchar(30)", I], ["fail_reason", "string"], ["channel_id", "int"], ["quota", "int"],
      ["buttons", "string"], ["properties", "string"],
    ],
  },
  {
    name: "tasks",
    columns: [
      ["id", "pk"], ["created_at", "int", I], ["updated_at", "int"], ["task_id", "type:varchar(191)", I],
      ["platform", "type:varchar(30)", I], ["user_id", "int", I], ["group", "type:varchar(50)"], ["channel_id", "int", I],
      ["quota", "int"], ["action", "type:varchar(40)", I], ["status", "type:varchar(20)", I], ["fail_reason", "string"],
      ["submit_time", "int", I], ["start_time", "int", I], ["finish_time", "int", I], ["progress", "type:varchar(20)", I],
      ["properties", "type:json"], ["private_data", "type:json"], ["data", "type:json"],
    ],
  },
  {
    name: "setups",
    columns: [["id", "pk"], ["version", "type:varchar(50)", { notNull: true }], ["initialized_at", "type:bigint", { notNull: true }]],
  },
  {
    name: "two_fas",
    columns: [
      ["id", "pk"], ["user_id", "int", { unique: true, notNull: true, index: true }], ["secret", "type:varchar(255)", { notNull: true }],
      ["is_enabled", "bool"], ["failed_attempts", "int", d("0")], ["locked_until", "time"], ["last_used_at", "time"],
      ["created_at", "time"], ["updated_at", "time"], ["deleted_at", "time", I],
    ],
  },
  {
    name: "two_fa_backup_codes",
    columns: [
      ["id", "pk"], ["user_id", "int", { notNull: true, index: true }], ["code_hash", "type:varchar(255)", { notNull: true }],
      ["is_used", "bool"], ["used_at", "time"], ["created_at", "time"], ["deleted_at", "time", I],
    ],
  },
  {
    // credential_id is a uniqueIndex BLOB in new-api; MySQL refuses an index on a BLOB without a length,
    // so the fixture leaves the index out (the importer reads the column either way).
    name: "passkey_credentials",
    columns: [
      ["id", "pk"], ["user_id", "int", { unique: true, notNull: true, index: true }], ["credential_id", "type:blob"],
      ["public_key", "type:blob"], ["attestation_type", "type:varchar(255)"], ["aaguid", "type:blob"],
      ["sign_count", "int", d("0")], ["clone_warning", "bool"], ["user_present", "bool"], ["user_verified", "bool"],
      ["backup_eligible", "bool"], ["backup_state", "bool"], ["transports", "type:text"], ["attachment", "type:varchar(32)"],
      ["last_used_at", "time"], ["created_at", "time"], ["updated_at", "time"], ["deleted_at", "time", I],
    ],
  },
  // model/subscription.go. On SQLite new-api creates subscription_plans by hand (main.go
  // ensureSubscriptionPlanTableSQLite: the two *bool columns `numeric DEFAULT 1`); AutoMigrate on the
  // other engines gives them no default. The fixture writes every value, so the defaults do not matter.
  {
    name: "subscription_plans",
    columns: [
      ["id", "pk"], ["title", "type:varchar(128)", { notNull: true }], ["subtitle", "type:varchar(255)", d("''")],
      ["price_amount", "type:decimal(10,6)", d("0", { notNull: true })], ["currency", "type:varchar(8)", d("'USD'", { notNull: true })],
      ["duration_unit", "type:varchar(16)", d("'month'", { notNull: true })], ["duration_value", "type:int", d("1", { notNull: true })],
      ["custom_seconds", "type:bigint", d("0", { notNull: true })], ["enabled", "bool", d("true")], ["sort_order", "type:int", d("0")],
      ["allow_balance_pay", "bool"], ["allow_wallet_overflow", "bool"], ["stripe_price_id", "type:varchar(128)", d("''")],
      ["creem_product_id", "type:varchar(128)", d("''")], ["waffo_pancake_product_id", "type:varchar(128)", d("''")],
      ["max_purchase_per_user", "type:int", d("0")], ["upgrade_group", "type:varchar(64)", d("''")],
      ["downgrade_group", "type:varchar(64)", d("''")], ["total_amount", "type:bigint", d("0", { notNull: true })],
      ["quota_reset_period", "type:varchar(16)", d("'never'")], ["quota_reset_custom_seconds", "type:bigint", d("0")],
      ["created_at", "int"], ["updated_at", "int"],
    ],
  },
  {
    // idx_user_sub_active (user_id, status, end_time) left out: the importer reads by id.
    name: "user_subscriptions",
    columns: [
      ["id", "pk"], ["user_id", "int", I], ["plan_id", "int", I], ["amount_total", "type:bigint", d("0", { notNull: true })],
      ["amount_used", "type:bigint", d("0", { notNull: true })], ["start_time", "int"], ["end_time", "int", I],
      ["status", "type:varchar(32)", I], ["source", "type:varchar(32)", d("'order'")], ["last_reset_time", "type:bigint", d("0")],
      ["next_reset_time", "type:bigint", d("0", I)], ["upgrade_group", "type:varchar(64)", d("''")],
      ["prev_user_group", "type:varchar(64)", d("''")], ["downgrade_group", "type:varchar(64)", d("''")],
      ["allow_wallet_overflow", "bool"], ["created_at", "int"], ["updated_at", "int"],
    ],
  },
  {
    name: "subscription_orders",
    columns: [
      ["id", "pk"], ["user_id", "int", I], ["plan_id", "int", I], ["money", "float"], ["trade_no", "type:varchar(255)", U],
      ["payment_method", "type:varchar(50)"], ["payment_provider", "type:varchar(50)", d("''")], ["status", "string"],
      ["create_time", "int"], ["complete_time", "int"], ["provider_payload", "type:text"],
    ],
  },
  {
    // not imported (calls in flight in the old process), counted in the report
    name: "subscription_pre_consume_records",
    columns: [
      ["id", "pk"], ["request_id", "type:varchar(64)", U], ["user_id", "int", I], ["user_subscription_id", "int", I],
      ["pre_consumed", "type:bigint", d("0", { notNull: true })], ["status", "type:varchar(32)", I], ["created_at", "int"],
      ["updated_at", "int", I],
    ],
  },
];

// prettier-ignore
const ONE_API_TABLES: readonly Table[] = [
  {
    name: "users",
    columns: [
      ["id", "pk"], ["username", "string", U], ["password", "string", { notNull: true }], ["display_name", "string", I],
      ["role", "type:int", d("1")], ["status", "type:int", d("1")], ["email", "string", I], ["github_id", "string", I],
      ["wechat_id", "string", I], ["lark_id", "string", I], ["oidc_id", "string", I], ["access_token", "type:char(32)", U],
      ["quota", "int", d("0")], ["used_quota", "int", d("0")], ["request_count", "type:int", d("0")],
      ["group", "type:varchar(32)", d("'default'")], ["aff_code", "type:varchar(32)", U], ["inviter_id", "type:int", I],
    ],
  },
  {
    name: "tokens",
    columns: [
      ["id", "pk"], ["user_id", "int"], ["key", "type:char(48)", U], ["status", "int", d("1")], ["name", "string", I],
      ["created_time", "int"], ["accessed_time", "int"], ["expired_time", "int", d("-1")], ["remain_quota", "int", d("0")],
      ["unlimited_quota", "bool", d("false")], ["used_quota", "int", d("0")], ["models", "type:text"], ["subnet", "string", d("''")],
    ],
  },
  {
    name: "channels",
    columns: [
      ["id", "pk"], ["type", "int", d("0")], ["key", "type:text"], ["status", "int", d("1")], ["name", "string", I],
      ["weight", "uint", d("0")], ["created_time", "int"], ["test_time", "int"], ["response_time", "int"],
      ["base_url", "string", d("''")], ["other", "string"], ["balance", "float"], ["balance_updated_time", "int"],
      ["models", "string"], ["group", "type:varchar(32)", d("'default'")], ["used_quota", "int", d("0")],
      ["model_mapping", "type:varchar(1024)", d("''")], ["priority", "int", d("0")], ["config", "string"], ["system_prompt", "type:text"],
    ],
  },
  {
    name: "abilities",
    primaryKey: ["group", "model", "channel_id"],
    columns: [["group", "type:varchar(32)"], ["model", "string"], ["channel_id", "int", I], ["enabled", "bool"], ["priority", "int", d("0", I)]],
  },
  { name: "options", primaryKey: ["key"], columns: [["key", "string"], ["value", "string"]] },
  {
    name: "redemptions",
    columns: [
      ["id", "pk"], ["user_id", "int"], ["key", "type:char(32)", U], ["status", "int", d("1")], ["name", "string", I],
      ["quota", "int", d("100")], ["created_time", "int"], ["redeemed_time", "int"],
    ],
  },
  {
    name: "logs",
    columns: [
      ["id", "pk"], ["user_id", "int", I], ["created_at", "int", I], ["type", "int", I], ["content", "string"],
      ["username", "string", d("''", I)], ["token_name", "string", d("''", I)], ["model_name", "string", d("''", I)],
      ["quota", "int", d("0")], ["prompt_tokens", "int", d("0")], ["completion_tokens", "int", d("0")],
      ["channel_id", "int", I], ["request_id", "string", d("''")], ["elapsed_time", "int", d("0")],
      ["is_stream", "bool", d("false")], ["system_prompt_reset", "bool", d("false")],
    ],
  },
];

export function tablesOf(product: "new-api" | "one-api"): readonly Table[] {
  return product === "new-api" ? NEW_API_TABLES : ONE_API_TABLES;
}
