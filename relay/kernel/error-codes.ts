import "server-only";

// How each relay error of the one error table (lib/server/errors/table.ts: name -> HTTP status ->
// message) looks on the wire: new-api's error.code, the error type and the retry loop's flags. Every
// endpoint, the task relay and the pipeline raise errors through relayError(); "{detail}" entries
// carry a message made elsewhere (validation details, upstream texts).
import type { Locale } from "@/lib/i18n/config";
import { ERROR_TABLE, type ErrorCode, type ErrorEntry } from "@/lib/server/errors/table";
import { serverMessage } from "@/lib/server/i18n/server-messages";
import { RelayError, type RelayErrorType } from "@/relay/kernel/errors";

export type RelayWire = {
  /** error.code on the wire ("" = none). */
  code: string;
  type?: RelayErrorType;
  /** Another channel may help (the retry loop's input). */
  retryable?: boolean;
  /** The upstream is at fault (counts towards auto-disabling). */
  upstreamFault?: boolean;
};

const INVALID = "invalid_request_error";
const DENIED = "permission_error";
const UPSTREAM = "upstream_error";

export const RELAY_WIRE = {
  // ---- entry: paths, bodies, the playground's session
  invalid_request: { code: "invalid_request", type: INVALID },
  body_too_large: { code: "request_body_too_large", type: INVALID },
  method_not_allowed: { code: "method_not_allowed" },
  not_implemented: { code: "api_not_implemented" },
  invalid_url: { code: "", type: INVALID },
  internal: { code: "internal_error" },
  relay_internal: { code: "internal_error" },
  cross_site: { code: "cross_site_refused", type: DENIED },
  session_expired: { code: "unauthorized", type: "authentication_error" },
  user_banned: { code: "user_banned", type: DENIED },
  user_mismatch: { code: "unauthorized" },
  browser_extension: { code: "browser_extension_blocked", type: DENIED },
  forbidden: { code: "forbidden" },
  // ---- auth and protection
  invalid_api_key: { code: "invalid_api_key", type: "authentication_error" },
  token_denied: { code: "access_denied", type: DENIED },
  auth_unavailable: { code: "rate_limit_unavailable" },
  too_many_invalid_keys: { code: "too_many_invalid_keys" },
  invalid_channel_id: { code: "invalid_channel_id", type: INVALID },
  rate_limit_unavailable: { code: "rate_limit_unavailable" },
  rate_limit_total: { code: "rate_limit_exceeded" },
  rate_limit_success: { code: "rate_limit_exceeded" },
  token_rate_limit: { code: "token_rate_limit_exceeded" },
  group_denied: { code: "access_denied", type: DENIED },
  model_not_allowed: { code: "model_not_allowed", type: DENIED },
  sensitive_words: { code: "sensitive_words_detected", type: INVALID },
  // ---- routing
  model_not_found: { code: "model_not_found", type: INVALID },
  no_channel: { code: "model_not_found" },
  model_price_missing: { code: "model_price_error" },
  channel_disabled: { code: "channel_disabled", type: DENIED },
  channel_type_unsupported: { code: "channel:type_unsupported", retryable: true },
  channel_config_missing: { code: "channel:config_missing", retryable: true },
  channel_no_key: { code: "channel:no_available_key", retryable: true },
  model_mapping_cycle: { code: "channel:model_mapped_error", retryable: true },
  unsupported_endpoint: { code: "unsupported_endpoint", type: INVALID },
  azure_unsupported_endpoint: { code: "unsupported_endpoint", type: INVALID },
  // ---- conversion to the channel's dialect
  convert_unknown_type: { code: "invalid_field", type: INVALID },
  convert_unsupported: { code: "invalid_field", type: INVALID },
  convert_wrong_type: { code: "invalid_field", type: INVALID },
  convert_empty: { code: "invalid_field", type: INVALID },
  // ---- upstream
  upstream_status: { code: "upstream_error", type: UPSTREAM, retryable: true },
  upstream_unreachable: { code: "do_request_failed", type: UPSTREAM, retryable: true, upstreamFault: true },
  bad_response_body: { code: "bad_response_body", type: UPSTREAM, retryable: true },
  // ---- reservation (settle)
  quota_service_unavailable: { code: "quota_service_unavailable" },
  token_exhausted: { code: "token_exhausted", type: "authentication_error" },
  output_unaffordable: { code: "insufficient_user_quota" },
  token_insufficient: { code: "pre_consume_token_quota_failed" },
  user_insufficient: { code: "insufficient_user_quota" },
  subscription_insufficient: { code: "insufficient_user_quota" },
  // ---- task relay (Midjourney, Suno)
  task_not_found: { code: "task_not_found" },
  task_channel_gone: { code: "channel_disabled" },
  task_channel_no_key: { code: "channel:no_available_key" },
  task_upstream_status: { code: "upstream_error", type: UPSTREAM },
  task_upstream_unreachable: { code: "upstream_unreachable", type: UPSTREAM, retryable: true, upstreamFault: true },
  video_not_ready: { code: "task_not_completed", type: INVALID },
  video_content_failed: { code: "video_content_failed", type: UPSTREAM },
  image_not_found: { code: "image_not_found" },
  image_upstream: { code: "image_upstream_error" },
  image_type_refused: { code: "image_type_refused" },
} as const satisfies Partial<Record<ErrorCode, RelayWire>>;

export type RelayErrorName = keyof typeof RELAY_WIRE;
type Params = Record<string, string | number>;

/** Per-site adjustments: the locale of keyed messages, an upstream's status and code. */
export type RelayErrorExtra = {
  locale?: Locale;
  status?: number;
  code?: string;
  type?: RelayErrorType;
  upstreamStatus?: number;
  upstreamClass?: readonly string[];
};

const fill = (template: string, params: Params) =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => (name in params ? String(params[name]) : slot));

/** The RelayError for a table entry. */
export function relayError(name: RelayErrorName, params: Params = {}, extra: RelayErrorExtra = {}): RelayError {
  const entry: ErrorEntry = ERROR_TABLE[name];
  const wire: RelayWire = RELAY_WIRE[name];
  const message = entry.key
    ? serverMessage(extra.locale ?? "en", entry.key, params)
    : fill(entry.message ?? "", params);
  return new RelayError(extra.status ?? entry.status, message, {
    type: extra.type ?? wire.type,
    code: extra.code ?? wire.code,
    retryable: wire.retryable,
    upstreamStatus: extra.upstreamStatus,
    upstreamClass: extra.upstreamClass,
    upstreamFault: wire.upstreamFault,
  });
}

/** A 400 for a request the relay cannot take (validation details in the message). */
export const invalidRequest = (detail: string, code = "invalid_request") =>
  relayError("invalid_request", { detail }, { code });
