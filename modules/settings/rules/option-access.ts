// Who may write which option (issue 17 item 1; README "Security"). Root may write every option.
// Admins may write only the keys listed here: what they need day to day (prices, ratios and model
// mapping; display texts; check-in and quota amounts; rate limits; toggles that route no secret and
// assert no identity). Everything else is root-only, and a key added later is root-only until it is
// listed here on purpose: an option that says where a secret goes (SMTP, WeChat server, OIDC
// endpoints, chat links that carry the user's key, payment addresses) or who vouches for an
// identity (sign-in providers, registration rules, Turnstile) lets whoever writes it become root.
// Shared by PUT /api/option/ and the settings screens (which show root-only fields read-only).

const ADMIN_WRITABLE: readonly string[] = [
  // display texts and console appearance
  "SystemName",
  "Logo",
  "Footer",
  "Notice",
  "About",
  "HomePageContent",
  "general_setting.docs_link",
  "general_setting.quota_display_type",
  "general_setting.ping_interval_enabled",
  "general_setting.ping_interval_seconds",
  "DefaultCollapseSidebar",
  "DisplayInCurrencyEnabled",
  "DisplayTokenStatEnabled",
  "SelfUseModeEnabled",
  "DemoSiteEnabled",
  // features switched on and off
  "DrawingEnabled",
  "TaskEnabled",
  "DataExportEnabled",
  "DataExportInterval",
  "DataExportDefaultTime",
  "MjNotifyEnabled",
  "MjAccountFilterEnabled",
  "MjModeClearEnabled",
  "MjForwardUrlEnabled",
  "MjActionCheckSuccessEnabled",
  // quota, rewards and check-in amounts
  "QuotaPerUnit",
  "QuotaForNewUser",
  "QuotaForInviter",
  "QuotaForInvitee",
  "QuotaRemindThreshold",
  "PreConsumedQuota",
  "StreamCacheQueueLength",
  "AffEnabled",
  "RebateEnabled",
  "RebatePercentage",
  "CheckInEnabled",
  "CheckInQuota",
  "CheckInMaxQuota",
  // prices, ratios, model mapping
  "ModelRatio",
  "ModelPrice",
  "CompletionRatio",
  "CacheRatio",
  "AudioRatio",
  "AudioCompletionRatio",
  "GroupRatio",
  "UserUsableGroups",
  "TopupGroupRatio",
  "Price",
  "MinTopUp",
  "fallback_pricing_enabled",
  "fallback_single_price",
  "fallback_input_ratio",
  "fallback_completion_ratio",
  "redirect_billing_enabled",
  "ModelMapping",
  // channel health, retries and relay behaviour
  "RetryTimes",
  "AutomaticDisableChannelEnabled",
  "AutomaticEnableChannelEnabled",
  "AutomaticDisableKeywords",
  "AutomaticDisableStatusCodes",
  "AutomaticRetryStatusCodes",
  "ChannelDisableThreshold",
  "LogConsumeEnabled",
  "LogErrorEnabled",
  "CheckSensitiveEnabled",
  "CheckSensitiveOnPromptEnabled",
  "CheckSensitiveOnCompletionEnabled",
  "StopOnSensitiveEnabled",
  "SensitiveWords",
  "gemini.safety_settings",
  "gemini.version_settings",
  "gemini.supported_imagine_models",
  "gemini.thinking_adapter_enabled",
  "gemini.thinking_adapter_budget_tokens_percentage",
  "gemini.models_supported_thinking_budget",
  "claude.model_headers_settings",
  "claude.thinking_adapter_enabled",
  "claude.default_max_tokens",
  "claude.thinking_adapter_budget_tokens_percentage",
  "global.pass_through_request_enabled",
  "global.hide_upstream_error_enabled",
  "global.block_browser_extension_enabled",
  "global.rate_limit_exempt_enabled",
  "global.rate_limit_exempt_group",
  "global.safe_check_exempt_enabled",
  "global.safe_check_exempt_group",
  "global.auto_retry_enabled",
  "global.auto_retry_count",
  "global.auto_retry_force_channel_switch",
  "global.auto_retry_status_codes",
  // rate limits
  "ModelRequestRateLimitEnabled",
  "ModelRequestRateLimitCount",
  "ModelRequestRateLimitSuccessCount",
  "ModelRequestRateLimitDurationMinutes",
  "ModelRequestRateLimitGroup",
];

const ADMIN_WRITABLE_SET = new Set(ADMIN_WRITABLE);

/** Whether an admin (role 10) may write this option; root may write every option. */
export function isAdminWritableOption(key: string): boolean {
  return ADMIN_WRITABLE_SET.has(key);
}
