// Per-key validation of option values, shared by PUT /api/option/ and the
// settings forms. A problem is an id plus params; the server renders it as `server.option_<id>`,
// the console as `settings.problems.<id>` (same texts, zh verbatim from the spec where it has one).
import { hasJsonShape, type JsonShape } from "@/modules/settings/rules/json-shapes";

export type OptionProblemId =
  | "boolean"
  | "json_invalid"
  | `json_${JsonShape}`
  | "integer"
  | "number"
  | "min"
  | "range"
  | "enum"
  | "url"
  | "status_codes"
  | "retry_codes"
  | "rebate_range"
  | "checkin_min"
  | "rate_limit_duration_min"
  | "rate_limit_count_min"
  | "rate_limit_success_min"
  | "gemini_budget_range"
  | "claude_budget_range"
  | "auto_retry_count_range"
  | "ping_interval_min"
  | "fallback_min"
  | "fallback_mixed"
  | "log_retention_min";

export type OptionProblem = { id: OptionProblemId; params: Record<string, string | number> };

type NumberRule = {
  kind: "number";
  integer?: boolean;
  min?: number;
  max?: number;
  /** An empty value is allowed (e.g. an optional maximum). */
  optional?: boolean;
  /** The spec's own message for this key instead of the generic min/range one. */
  problem?: OptionProblemId;
};
type Rule =
  | NumberRule
  | { kind: "json"; shape?: JsonShape }
  | { kind: "enum"; values: readonly string[] }
  | { kind: "url" }
  | { kind: "status_codes" }
  | { kind: "retry_codes" };

const int = (min: number, max?: number, problem?: OptionProblemId): NumberRule => ({
  kind: "number",
  integer: true,
  min,
  max,
  problem,
});
const num = (min: number, max?: number, problem?: OptionProblemId): NumberRule => ({
  kind: "number",
  min,
  max,
  problem,
});

export const OPTION_RULES: Readonly<Record<string, Rule>> = {
  // JSON documents (validated on blur in the console, and by shape here)
  ModelRatio: { kind: "json", shape: "number_map" },
  CompletionRatio: { kind: "json", shape: "number_map" },
  CacheRatio: { kind: "json", shape: "number_map" },
  AudioRatio: { kind: "json", shape: "number_map" },
  AudioCompletionRatio: { kind: "json", shape: "number_map" },
  ModelPrice: { kind: "json", shape: "number_map" },
  GroupRatio: { kind: "json", shape: "number_map" },
  TopupGroupRatio: { kind: "json", shape: "number_map" },
  UserUsableGroups: { kind: "json", shape: "string_map" },
  AutoGroups: { kind: "json", shape: "string_list" },
  Chats: { kind: "json", shape: "chats" },
  ModelRequestRateLimitGroup: { kind: "json", shape: "rate_limit_group" },
  ModelMapping: { kind: "json", shape: "model_mapping" },
  "gemini.safety_settings": { kind: "json", shape: "string_map" },
  "gemini.version_settings": { kind: "json", shape: "string_map" },
  "gemini.supported_imagine_models": { kind: "json", shape: "string_list" },
  "gemini.models_supported_thinking_budget": { kind: "json", shape: "string_list" },
  "claude.model_headers_settings": { kind: "json", shape: "header_map" },
  "claude.default_max_tokens": { kind: "json", shape: "positive_int_map" },
  // quota and rewards
  QuotaPerUnit: num(0.000001),
  MaxTokenAutoGroups: int(1, 100),
  QuotaForNewUser: int(0),
  QuotaForInviter: int(0),
  QuotaForInvitee: int(0),
  QuotaRemindThreshold: int(0),
  PreConsumedQuota: int(0),
  StreamCacheQueueLength: int(0),
  RebatePercentage: num(0, 100, "rebate_range"),
  CheckInQuota: int(0, undefined, "checkin_min"),
  CheckInMaxQuota: { ...int(0, undefined, "checkin_min"), optional: true },
  // rate limit (duration ≥ 0 minutes, count ≥ 0, success count ≥ 1)
  ModelRequestRateLimitDurationMinutes: int(0, undefined, "rate_limit_duration_min"),
  ModelRequestRateLimitCount: int(0, undefined, "rate_limit_count_min"),
  ModelRequestRateLimitSuccessCount: int(1, undefined, "rate_limit_success_min"),
  // models
  "gemini.thinking_adapter_budget_tokens_percentage": num(0.002, 1, "gemini_budget_range"),
  "claude.thinking_adapter_budget_tokens_percentage": num(0.1, 1, "claude_budget_range"),
  "global.auto_retry_count": int(1, 10, "auto_retry_count_range"),
  "global.auto_retry_status_codes": { kind: "retry_codes" },
  "general_setting.ping_interval_seconds": int(1, undefined, "ping_interval_min"),
  // fallback pricing: empty = not set
  fallback_single_price: { ...num(0, undefined, "fallback_min"), optional: true },
  fallback_input_ratio: { ...num(0, undefined, "fallback_min"), optional: true },
  fallback_completion_ratio: { ...num(0, undefined, "fallback_min"), optional: true },
  // channels and relay
  RetryTimes: int(0, 10),
  ChannelDisableThreshold: num(0),
  AutomaticDisableStatusCodes: { kind: "status_codes" },
  AutomaticRetryStatusCodes: { kind: "status_codes" },
  // site and data
  DataExportInterval: int(1),
  LogRetentionDays: int(0, undefined, "log_retention_min"),
  DataExportDefaultTime: { kind: "enum", values: ["hour", "day", "week"] },
  "general_setting.quota_display_type": { kind: "enum", values: ["USD", "CNY", "TOKENS", "CUSTOM"] },
  ServerAddress: { kind: "url" },
  "general_setting.docs_link": { kind: "url" },
  TopUpLink: { kind: "url" },
  "oidc.well_known": { kind: "url" },
  UpdateCheckUrl: { kind: "url" },
  PresetRatioBaseUrl: { kind: "url" },
  "oidc.authorization_endpoint": { kind: "url" },
  "oidc.token_endpoint": { kind: "url" },
  "oidc.user_info_endpoint": { kind: "url" },
  WeChatServerAddress: { kind: "url" },
  SMTPPort: int(1, 65535),
  LinuxDOMinimumTrustLevel: int(0, 4),
  Price: num(0),
  MinTopUp: num(0),
};

/** Keys stored as the strings "true"/"false". */
export function isBooleanOptionKey(key: string): boolean {
  return /(Enabled|enabled)$/.test(key) || key === "DefaultCollapseSidebar";
}

const STATUS_RANGE = /^\s*\d{3}\s*(-\s*\d{3}\s*)?$/;
const RETRY_CODE = /^\s*(\d{3}|[1-5]xx|\d{3}\s*-\s*\d{3})\s*$/i;

function checkNumber(rule: NumberRule, value: string): OptionProblem | null {
  if (rule.optional && value.trim() === "") return null;
  const n = value.trim() === "" ? NaN : Number(value);
  const bounds = { min: rule.min ?? 0, max: rule.max ?? 0 };
  if (!Number.isFinite(n)) return { id: rule.problem ?? (rule.integer ? "integer" : "number"), params: bounds };
  if (rule.integer && !Number.isInteger(n)) return { id: rule.problem ?? "integer", params: bounds };
  const low = rule.min !== undefined && n < rule.min;
  const high = rule.max !== undefined && n > rule.max;
  if (low || high) return { id: rule.problem ?? (rule.max !== undefined ? "range" : "min"), params: bounds };
  return null;
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** The problem with storing `value` under `key`, or null when it is acceptable on its own. */
export function checkOptionValue(key: string, value: string): OptionProblem | null {
  if (isBooleanOptionKey(key)) return value === "true" || value === "false" ? null : { id: "boolean", params: {} };
  const rule = OPTION_RULES[key];
  if (!rule) return null;
  switch (rule.kind) {
    case "number":
      return checkNumber(rule, value);
    case "json": {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return { id: "json_invalid", params: {} };
      }
      return rule.shape && !hasJsonShape(rule.shape, parsed) ? { id: `json_${rule.shape}`, params: {} } : null;
    }
    case "enum":
      return rule.values.includes(value) ? null : { id: "enum", params: { values: rule.values.join(", ") } };
    case "url":
      return value.trim() === "" || isHttpUrl(value.trim()) ? null : { id: "url", params: {} };
    case "status_codes":
      return value.trim() === "" || value.split(",").every((p) => STATUS_RANGE.test(p))
        ? null
        : { id: "status_codes", params: {} };
    case "retry_codes":
      return value.trim() !== "" && value.split(",").every((p) => RETRY_CODE.test(p))
        ? null
        : { id: "retry_codes", params: {} };
  }
}

export type FallbackPricing = { singlePrice: string; inputRatio: string; completionRatio: string };

/**
 * Fallback pricing is either a single price or both ratios, never mixed. Empty
 * strings are "not set". Answers the spec's message id when the combination is not allowed.
 */
export function checkFallbackPricing(f: FallbackPricing): OptionProblem | null {
  const price = f.singlePrice.trim() !== "";
  const input = f.inputRatio.trim() !== "";
  const completion = f.completionRatio.trim() !== "";
  if ((price && (input || completion)) || input !== completion) return { id: "fallback_mixed", params: {} };
  return null;
}
