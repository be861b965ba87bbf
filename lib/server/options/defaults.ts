import "server-only";

// Default value of every option key, the same as new-api's. Values are strings, as
// stored; booleans are "true"/"false" and JSON documents are text. A key missing from the options
// table reads its default here.
const DEFAULT_DISABLE_KEYWORDS = [
  "Your credit balance is too low",
  "This organization has been disabled.",
  "You exceeded your current quota",
  "Permission denied",
  "The security token included in the request is invalid",
  "Operation not allowed",
  "Your account is not authorized",
].join("\n");

const EMAIL_WHITELIST = [
  "gmail.com",
  "163.com",
  "126.com",
  "qq.com",
  "outlook.com",
  "hotmail.com",
  "icloud.com",
  "yahoo.com",
  "foxmail.com",
].join(",");

/**
 * claude.default_max_tokens:
 * 8192 for every model, 4096 for the Claude 3 and earlier models whose output cannot go higher
 * (a larger max_tokens makes Anthropic refuse the request).
 */
export const CLAUDE_DEFAULT_MAX_TOKENS: Readonly<Record<string, number>> = {
  default: 8192,
  "claude-3-haiku-20240307": 4096,
  "claude-3-sonnet-20240229": 4096,
  "claude-3-opus-20240229": 4096,
  "claude-2.1": 4096,
  "claude-2.0": 4096,
  "claude-instant-1.2": 4096,
};

export const OPTION_DEFAULTS: Readonly<Record<string, string>> = {
  // accounts and sign-in
  PasswordLoginEnabled: "true",
  PasswordRegisterEnabled: "true",
  RegisterEnabled: "true",
  EmailVerificationEnabled: "false",
  EmailDomainRestrictionEnabled: "false",
  EmailAliasRestrictionEnabled: "false",
  EmailDomainWhitelist: EMAIL_WHITELIST,
  GitHubOAuthEnabled: "false",
  GitHubClientId: "",
  GitHubClientSecret: "",
  LinuxDOOAuthEnabled: "false",
  LinuxDOClientId: "",
  LinuxDOClientSecret: "",
  LinuxDOMinimumTrustLevel: "0",
  WeChatAuthEnabled: "false",
  WeChatServerAddress: "",
  WeChatServerToken: "",
  WeChatAccountQRCodeImageURL: "",
  TelegramOAuthEnabled: "false",
  TelegramBotToken: "",
  TelegramBotName: "",
  TurnstileCheckEnabled: "false",
  TurnstileSiteKey: "",
  TurnstileSecretKey: "",
  "oidc.enabled": "false",
  "oidc.client_id": "",
  "oidc.client_secret": "",
  "oidc.well_known": "",
  "oidc.authorization_endpoint": "",
  "oidc.token_endpoint": "",
  "oidc.user_info_endpoint": "",
  SMTPServer: "",
  SMTPPort: "587",
  SMTPAccount: "",
  SMTPFrom: "",
  SMTPToken: "",
  SMTPSSLEnabled: "false",
  // site
  SystemName: "New API",
  // Where the update check and the preset model ratios come from (root only: the server fetches them).
  // new-api's repository (moved from Calcium-Ion; the guard follows no redirect, so the new name).
  UpdateCheckUrl: "https://api.github.com/repos/QuantumNous/new-api/releases/latest",
  // The public assets host of the preset ratio files: {base}/{variant}/prompt.json, completion.json.
  PresetRatioBaseUrl: "https://public-assets.veloera.org/defaults/model-ratios",
  Logo: "",
  Footer: "",
  Notice: "",
  About: "",
  HomePageContent: "",
  ServerAddress: "http://localhost:3000",
  TopUpLink: "",
  "general_setting.docs_link": "",
  "general_setting.ping_interval_enabled": "false",
  "general_setting.ping_interval_seconds": "60",
  "general_setting.quota_display_type": "USD",
  ChatLink: "",
  ChatLink2: "",
  Chats: "[]",
  SelfUseModeEnabled: "false",
  DemoSiteEnabled: "false",
  DefaultCollapseSidebar: "false",
  DisplayInCurrencyEnabled: "true",
  DisplayTokenStatEnabled: "true",
  DrawingEnabled: "true",
  TaskEnabled: "true",
  DataExportEnabled: "true",
  DataExportInterval: "5",
  DataExportDefaultTime: "hour",
  MjNotifyEnabled: "false",
  MjAccountFilterEnabled: "false",
  MjModeClearEnabled: "false",
  MjForwardUrlEnabled: "false",
  MjActionCheckSuccessEnabled: "true",
  // quota and rewards
  QuotaPerUnit: "500000",
  QuotaForNewUser: "0",
  QuotaForInviter: "0",
  QuotaForInvitee: "0",
  // A user who never set a threshold is warned below 500000 (the settings tab shows it)
  QuotaRemindThreshold: "500000",
  PreConsumedQuota: "500",
  StreamCacheQueueLength: "0",
  AffEnabled: "false",
  RebateEnabled: "false",
  RebatePercentage: "0",
  CheckInEnabled: "false",
  CheckInQuota: "500000",
  CheckInMaxQuota: "0",
  // pricing
  ModelRatio: "{}",
  ModelPrice: "{}",
  CompletionRatio: "{}",
  CacheRatio: "{}",
  // Realtime audio tokens (new-api's AudioRatio / AudioCompletionRatio): × the model ratio; 1 when unset
  AudioRatio: "{}",
  AudioCompletionRatio: "{}",
  // Root only: GET /api/ratio_config shows the four price maps to anyone (other instances sync from it)
  ExposeRatioEnabled: "false",
  GroupRatio: JSON.stringify({ default: 1, vip: 1, svip: 1 }),
  UserUsableGroups: JSON.stringify({ default: "默认分组", vip: "vip分组" }),
  fallback_pricing_enabled: "false",
  fallback_single_price: "",
  fallback_input_ratio: "",
  fallback_completion_ratio: "",
  redirect_billing_enabled: "false",
  // channels and relay
  RetryTimes: "0",
  AutomaticDisableChannelEnabled: "false",
  // Root only (check-option-write.ts): channel base URLs may point inside the network. Off by default
  // (review 3 N10); an installation upgraded with channels keeps it on (migration
  // 20261128000000_channel_private_address), and root turns it on for self-hosted upstreams.
  ChannelPrivateAddressEnabled: "false",
  AutomaticEnableChannelEnabled: "false",
  AutomaticDisableKeywords: DEFAULT_DISABLE_KEYWORDS,
  AutomaticDisableStatusCodes: "401",
  AutomaticRetryStatusCodes: "100-199,300-399,401-407,409-499,500-503,505-523,525-599",
  ChannelDisableThreshold: "5",
  LogConsumeEnabled: "true",
  LogChatContentEnabled: "false",
  LogErrorEnabled: "false",
  // days of logs kept; older ones are deleted hourly (0 = keep forever)
  LogRetentionDays: "0",
  CheckSensitiveEnabled: "true",
  CheckSensitiveOnPromptEnabled: "true",
  CheckSensitiveOnCompletionEnabled: "false",
  StopOnSensitiveEnabled: "true",
  SensitiveWords: "test_sensitive",
  ModelRequestRateLimitEnabled: "false",
  ModelRequestRateLimitCount: "0",
  ModelRequestRateLimitSuccessCount: "1000",
  ModelRequestRateLimitDurationMinutes: "1",
  ModelRequestRateLimitGroup: "{}",
  ModelMapping: "{}",
  "gemini.safety_settings": JSON.stringify({ default: "OFF" }),
  "gemini.version_settings": JSON.stringify({ default: "v1beta" }),
  "gemini.supported_imagine_models": "[]",
  "gemini.thinking_adapter_enabled": "false",
  "gemini.thinking_adapter_budget_tokens_percentage": "0.6",
  "gemini.models_supported_thinking_budget": "[]",
  "claude.model_headers_settings": "{}",
  "claude.thinking_adapter_enabled": "true",
  "claude.default_max_tokens": JSON.stringify(CLAUDE_DEFAULT_MAX_TOKENS),
  "claude.thinking_adapter_budget_tokens_percentage": "0.8",
  "global.pass_through_request_enabled": "false",
  "global.hide_upstream_error_enabled": "false",
  "global.block_browser_extension_enabled": "false",
  "global.rate_limit_exempt_enabled": "false",
  "global.rate_limit_exempt_group": "bulk-ok",
  "global.safe_check_exempt_enabled": "false",
  "global.safe_check_exempt_group": "nsfw-ok",
  "global.auto_retry_enabled": "false",
  "global.auto_retry_count": "3",
  "global.auto_retry_force_channel_switch": "false",
  "global.auto_retry_status_codes": "5xx,4xx",
  // payments
  PayAddress: "",
  EpayId: "",
  EpayKey: "",
  Price: "7.3",
  MinTopUp: "1",
  CustomCallbackAddress: "",
  TopupGroupRatio: JSON.stringify({ default: 1, vip: 1, svip: 1 }),
};

/** Keys whose values are secrets: never returned by GET /api/option/. */
export function isSecretOptionKey(key: string): boolean {
  return /(Token|Secret|Key|secret|api_key|client_secret)$/.test(key) && key !== "TurnstileSiteKey";
}
