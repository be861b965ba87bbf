import "server-only";

// Every option key with its kind (the reader that parses it) and its default, the same as new-api's.
// Values are stored as text: booleans "true"/"false", numbers in decimal, JSON documents as text. A
// key missing from the options table reads its default here. OptionKey and the per-kind key types come
// from this table, so Options.bool/num/json/str accept only a declared key of the right kind and a
// misspelled key fails tsc instead of silently reading "".
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

export type OptionKind = "bool" | "num" | "str" | "json";
/** An option's kind and default text; T is a JSON option's document type (type only). */
export type OptionSpec<K extends OptionKind, T = unknown> = {
  readonly kind: K;
  readonly text: string;
  readonly _doc?: T;
};

const bool = (value: boolean): OptionSpec<"bool"> => ({ kind: "bool", text: String(value) });
const num = (value: number): OptionSpec<"num"> => ({ kind: "num", text: String(value) });
const str = (value = ""): OptionSpec<"str"> => ({ kind: "str", text: value });
const json = <T>(value: T): OptionSpec<"json", T> => ({ kind: "json", text: JSON.stringify(value) });

export const OPTION_SPECS = {
  // accounts and sign-in
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  RegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  EmailDomainWhitelist: str(EMAIL_WHITELIST),
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(),
  GitHubClientSecret: str(),
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: str(),
  LinuxDOMinimumTrustLevel: num(0),
  WeChatAuthEnabled: bool(false),
  WeChatServerAddress: str(),
  WeChatServerToken: str(),
  WeChatAccountQRCodeImageURL: str(),
  TelegramOAuthEnabled: bool(false),
  TelegramBotToken: str(),
  TelegramBotName: str(),
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: str(),
  "oidc.enabled": bool(false),
  "oidc.client_id": str(),
  "oidc.client_secret": str(),
  "oidc.well_known": str(),
  "oidc.authorization_endpoint": str(),
  "oidc.token_endpoint": str(),
  "oidc.user_info_endpoint": str(),
  SMTPServer: str(),
  SMTPPort: num(587),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: str(),
  SMTPSSLEnabled: bool(false),
  // site
  SystemName: str("New API"),
  // Where the update check and the preset model ratios come from (root only: the server fetches them).
  // new-api's repository (moved from Calcium-Ion; the guard follows no redirect, so the new name).
  UpdateCheckUrl: str("https://api.github.com/repos/QuantumNous/new-api/releases/latest"),
  // The public assets host of the preset ratio files: {base}/{variant}/prompt.json, completion.json.
  PresetRatioBaseUrl: str("https://public-assets.veloera.org/defaults/model-ratios"),
  Logo: str(),
  Footer: str(),
  Notice: str(),
  About: str(),
  HomePageContent: str(),
  ServerAddress: str("http://localhost:3000"),
  TopUpLink: str(),
  "general_setting.docs_link": str(),
  "general_setting.ping_interval_enabled": bool(false),
  "general_setting.ping_interval_seconds": num(60),
  "general_setting.quota_display_type": str("USD"),
  ChatLink: str(),
  ChatLink2: str(),
  Chats: json<unknown[]>([]),
  SelfUseModeEnabled: bool(false),
  DemoSiteEnabled: bool(false),
  DefaultCollapseSidebar: bool(false),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DrawingEnabled: bool(true),
  TaskEnabled: bool(true),
  DataExportEnabled: bool(true),
  DataExportInterval: num(5),
  DataExportDefaultTime: str("hour"),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjModeClearEnabled: bool(false),
  MjForwardUrlEnabled: bool(false),
  MjActionCheckSuccessEnabled: bool(true),
  // quota and rewards
  QuotaPerUnit: num(500000),
  QuotaForNewUser: num(0),
  QuotaForInviter: num(0),
  QuotaForInvitee: num(0),
  // A user who never set a threshold is warned below 500000 (the settings tab shows it)
  QuotaRemindThreshold: num(500000),
  PreConsumedQuota: num(500),
  StreamCacheQueueLength: num(0),
  AffEnabled: bool(false),
  RebateEnabled: bool(false),
  RebatePercentage: num(0),
  CheckInEnabled: bool(false),
  CheckInQuota: num(500000),
  CheckInMaxQuota: num(0),
  // pricing
  ModelRatio: json<Record<string, number>>({}),
  ModelPrice: json<Record<string, number>>({}),
  CompletionRatio: json<Record<string, number>>({}),
  CacheRatio: json<Record<string, number>>({}),
  // Realtime audio tokens (new-api's AudioRatio / AudioCompletionRatio): × the model ratio; 1 when unset
  AudioRatio: json<Record<string, number>>({}),
  AudioCompletionRatio: json<Record<string, number>>({}),
  // Root only: GET /api/ratio_config shows the four price maps to anyone (other instances sync from it)
  ExposeRatioEnabled: bool(false),
  GroupRatio: json<Record<string, number>>({ default: 1, vip: 1, svip: 1 }),
  UserUsableGroups: json<Record<string, string>>({ default: "默认分组", vip: "vip分组" }),
  // The groups a token in the "auto" group falls back to, in order, and how many a token may list
  // (new-api's AutoGroups / MaxTokenAutoGroups; GET /api/token/auto-groups)
  AutoGroups: json<string[]>(["default"]),
  MaxTokenAutoGroups: num(5),
  fallback_pricing_enabled: bool(false),
  fallback_single_price: str(),
  fallback_input_ratio: str(),
  fallback_completion_ratio: str(),
  redirect_billing_enabled: bool(false),
  // channels and relay
  RetryTimes: num(0),
  AutomaticDisableChannelEnabled: bool(false),
  // Root only (check-option-write.ts): channel base URLs may point inside the network. Off by default
  // (review 3 N10); an installation upgraded with channels keeps it on (migration
  // 20261128000000_channel_private_address), and root turns it on for self-hosted upstreams.
  ChannelPrivateAddressEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  AutomaticDisableKeywords: str(DEFAULT_DISABLE_KEYWORDS),
  AutomaticDisableStatusCodes: str("401"),
  AutomaticRetryStatusCodes: str("100-199,300-399,401-407,409-499,500-503,505-523,525-599"),
  ChannelDisableThreshold: num(5),
  LogConsumeEnabled: bool(true),
  LogChatContentEnabled: bool(false),
  LogErrorEnabled: bool(false),
  // days of logs kept; older ones are deleted hourly (0 = keep forever)
  LogRetentionDays: num(0),
  CheckSensitiveEnabled: bool(true),
  CheckSensitiveOnPromptEnabled: bool(true),
  CheckSensitiveOnCompletionEnabled: bool(false),
  StopOnSensitiveEnabled: bool(true),
  SensitiveWords: str("test_sensitive"),
  ModelRequestRateLimitEnabled: bool(false),
  ModelRequestRateLimitCount: num(0),
  ModelRequestRateLimitSuccessCount: num(1000),
  ModelRequestRateLimitDurationMinutes: num(1),
  ModelRequestRateLimitGroup: json<Record<string, [number, number]>>({}),
  ModelMapping: json<Record<string, unknown>>({}),
  "gemini.safety_settings": json<Record<string, string>>({ default: "OFF" }),
  "gemini.version_settings": json<Record<string, string>>({ default: "v1beta" }),
  "gemini.supported_imagine_models": json<string[]>([]),
  "gemini.thinking_adapter_enabled": bool(false),
  "gemini.thinking_adapter_budget_tokens_percentage": num(0.6),
  "gemini.models_supported_thinking_budget": json<string[]>([]),
  "claude.model_headers_settings": json<Record<string, unknown>>({}),
  "claude.thinking_adapter_enabled": bool(true),
  "claude.default_max_tokens": json<Record<string, number>>(CLAUDE_DEFAULT_MAX_TOKENS),
  "claude.thinking_adapter_budget_tokens_percentage": num(0.8),
  "global.pass_through_request_enabled": bool(false),
  "global.hide_upstream_error_enabled": bool(false),
  "global.block_browser_extension_enabled": bool(false),
  "global.rate_limit_exempt_enabled": bool(false),
  "global.rate_limit_exempt_group": str("bulk-ok"),
  "global.safe_check_exempt_enabled": bool(false),
  "global.safe_check_exempt_group": str("nsfw-ok"),
  "global.auto_retry_enabled": bool(false),
  "global.auto_retry_count": num(3),
  "global.auto_retry_force_channel_switch": bool(false),
  "global.auto_retry_status_codes": str("5xx,4xx"),
  // payments
  PayAddress: str(),
  EpayId: str(),
  EpayKey: str(),
  Price: num(7.3),
  // new-api's operation_setting.USDExchangeRate: the CNY display of /v1/dashboard/billing amounts
  USDExchangeRate: num(7.3),
  MinTopUp: num(1),
  CustomCallbackAddress: str(),
  TopupGroupRatio: json<Record<string, number>>({ default: 1, vip: 1, svip: 1 }),
} as const satisfies Record<string, OptionSpec<OptionKind>>;

type Specs = typeof OPTION_SPECS;
export type OptionKey = keyof Specs;
/** The keys of one kind: `Options.bool` takes a BoolOptionKey, and so on. */
type KeysOf<K extends OptionKind> = { [P in OptionKey]: Specs[P]["kind"] extends K ? P : never }[OptionKey];
export type BoolOptionKey = KeysOf<"bool">;
export type NumOptionKey = KeysOf<"num">;
export type StrOptionKey = KeysOf<"str">;
export type JsonOptionKey = KeysOf<"json">;
/** The document type a JSON option declares. */
export type JsonOptionDoc<P extends JsonOptionKey> = Specs[P] extends OptionSpec<"json", infer T> ? T : never;

/** Default text of every key (a key missing from the table reads this). */
export const OPTION_DEFAULTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(OPTION_SPECS).map(([key, spec]) => [key, spec.text]),
);

/** Whether a key is a declared option (a stored row may hold a key this version no longer knows). */
export function isOptionKey(key: string): key is OptionKey {
  return Object.hasOwn(OPTION_SPECS, key);
}

/** Keys whose values are secrets: never returned by GET /api/option/. */
export function isSecretOptionKey(key: string): boolean {
  return /(Token|Secret|Key|secret|api_key|client_secret)$/.test(key) && key !== "TurnstileSiteKey";
}
