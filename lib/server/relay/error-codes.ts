import "server-only";

// The relay's one error table: each failure the relay answers, by name -> HTTP status, wire code
// (new-api's error.code), error type and message. Messages are new-api's English texts with
// {param} slots, or a server message key (zh/en) for the few the relay localises. Every endpoint,
// the task relay and the pipeline raise errors through relayError(); "{detail}" entries carry a
// message made elsewhere (validation details, upstream texts).
import type { Locale } from "@/lib/i18n/config";
import { serverMessage, type ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { RelayError, type RelayErrorType } from "@/lib/server/relay/errors";

export type RelayErrorSpec = {
  status: number;
  /** error.code on the wire ("" = none). */
  code: string;
  type?: RelayErrorType;
  /** Another channel may help (the retry loop's input). */
  retryable?: boolean;
  /** The upstream is at fault (counts towards auto-disabling). */
  upstreamFault?: boolean;
} & ({ message: string } | { key: ServerMessageKey });

const INVALID = "invalid_request_error";
const DENIED = "permission_error";
const UPSTREAM = "upstream_error";

export const RELAY_ERRORS = {
  // ---- entry: paths, bodies, the playground's session
  invalid_request: { status: 400, code: "invalid_request", type: INVALID, message: "{detail}" },
  body_too_large: {
    status: 413,
    code: "request_body_too_large",
    type: INVALID,
    message: "Request body too large (limit {mb} MB)",
  },
  method_not_allowed: { status: 405, code: "method_not_allowed", message: "Method {method} is not allowed here" },
  not_implemented: { status: 501, code: "api_not_implemented", message: "This gateway does not serve {method} {path}" },
  invalid_url: { status: 404, code: "", type: INVALID, message: "Invalid URL ({method} {path})" },
  internal: { status: 500, code: "internal_error", message: "Internal error" },
  relay_internal: { status: 500, code: "internal_error", message: "Internal error while relaying the request" },
  cross_site: { status: 403, code: "cross_site_refused", type: DENIED, message: "Cross-site request refused" },
  session_expired: {
    status: 401,
    code: "unauthorized",
    type: "authentication_error",
    message: "Not logged in or the session has expired",
  },
  user_banned: { status: 403, code: "user_banned", type: DENIED, message: "This user has been banned" },
  user_mismatch: { status: 401, code: "unauthorized", message: "New-Api-User does not match the logged-in user" },
  browser_extension: {
    status: 403,
    code: "browser_extension_blocked",
    type: DENIED,
    message: "Requests from browser extensions are not allowed on this site",
  },
  forbidden: { status: 403, code: "forbidden", message: "Forbidden" },
  // ---- auth and protection
  invalid_api_key: { status: 401, code: "invalid_api_key", type: "authentication_error", message: "{detail}" },
  token_denied: { status: 403, code: "access_denied", type: DENIED, message: "{detail}" },
  auth_unavailable: { status: 503, code: "rate_limit_unavailable", key: "relay_auth_unavailable" },
  too_many_invalid_keys: { status: 429, code: "too_many_invalid_keys", key: "relay_auth_rate_limited" },
  invalid_channel_id: { status: 400, code: "invalid_channel_id", type: INVALID, message: "Invalid channel ID" },
  rate_limit_unavailable: { status: 503, code: "rate_limit_unavailable", key: "rate_limit_unavailable" },
  rate_limit_total: {
    status: 429,
    code: "rate_limit_exceeded",
    message: "Rate limit reached: at most {total} requests (including failures) in {minutes} minutes",
  },
  rate_limit_success: {
    status: 429,
    code: "rate_limit_exceeded",
    message: "Rate limit reached: at most {success} requests in {minutes} minutes",
  },
  token_rate_limit: {
    status: 429,
    code: "token_rate_limit_exceeded",
    message: "Token rate limit reached ({count} requests per {period} s)",
  },
  group_denied: { status: 403, code: "access_denied", type: DENIED, message: "No access to group {group}" },
  model_not_allowed: {
    status: 403,
    code: "model_not_allowed",
    type: DENIED,
    message: "This token has no access to model {model}",
  },
  sensitive_words: {
    status: 400,
    code: "sensitive_words_detected",
    type: INVALID,
    message: "Sensitive words detected: {word}",
  },
  // ---- routing
  model_not_found: {
    status: 404,
    code: "model_not_found",
    type: INVALID,
    message: "The model '{id}' does not exist or you do not have access to it",
  },
  no_channel: {
    status: 503,
    code: "model_not_found",
    message: "No available channel for model {model} under group {group}",
  },
  model_price_missing: {
    status: 400,
    code: "model_price_error",
    message: "Model {model} has no price or ratio configured; ask an administrator to set one",
  },
  channel_disabled: {
    status: 403,
    code: "channel_disabled",
    type: DENIED,
    message: "This channel has been disabled or does not exist",
  },
  channel_type_unsupported: {
    status: 500,
    code: "channel:type_unsupported",
    retryable: true,
    message: "Channel type {type} is not supported by this gateway",
  },
  channel_config_missing: {
    status: 500,
    code: "channel:config_missing",
    retryable: true,
    message: "The channel is missing {detail}",
  },
  channel_no_key: {
    status: 500,
    code: "channel:no_available_key",
    retryable: true,
    message: "The channel has no enabled key",
  },
  model_mapping_cycle: {
    status: 500,
    code: "channel:model_mapped_error",
    retryable: true,
    message: 'model_mapping contains a cycle at "{model}"',
  },
  unsupported_endpoint: {
    status: 400,
    code: "unsupported_endpoint",
    type: INVALID,
    message: "This channel type does not serve {path}",
  },
  azure_unsupported_endpoint: {
    status: 400,
    code: "unsupported_endpoint",
    type: INVALID,
    message: "Azure channels do not serve {path}",
  },
  // ---- upstream
  upstream_status: { status: 502, code: "upstream_error", type: UPSTREAM, retryable: true, message: "{detail}" },
  upstream_unreachable: {
    status: 502,
    code: "do_request_failed",
    type: UPSTREAM,
    retryable: true,
    upstreamFault: true,
    message: "upstream request failed: {reason}",
  },
  bad_response_body: {
    status: 502,
    code: "bad_response_body",
    type: UPSTREAM,
    retryable: true,
    message: "upstream answered with a body that is not JSON",
  },
  // ---- reservation (settle)
  quota_service_unavailable: {
    status: 503,
    code: "quota_service_unavailable",
    message: "The quota service is unavailable (cannot reach Redis); try again later",
  },
  token_exhausted: {
    status: 401,
    code: "token_exhausted",
    type: "authentication_error",
    message: "This token's quota is exhausted",
  },
  output_unaffordable: { status: 403, code: "insufficient_user_quota", key: "relay_output_unaffordable" },
  token_insufficient: {
    status: 403,
    code: "pre_consume_token_quota_failed",
    message: "Token quota is not enough (remaining {remain})",
  },
  user_insufficient: {
    status: 403,
    code: "insufficient_user_quota",
    message: "Insufficient user quota (remaining {remain})",
  },
  // ---- task relay (Midjourney, Suno)
  task_not_found: { status: 404, code: "task_not_found", message: "Task {id} not found" },
  task_channel_gone: {
    status: 503,
    code: "channel_disabled",
    message: "The channel of this task is no longer available",
  },
  task_channel_no_key: { status: 503, code: "channel:no_available_key", message: "The channel has no enabled key" },
  task_upstream_status: {
    status: 502,
    code: "upstream_error",
    type: UPSTREAM,
    message: "{platform} upstream answered {upstream}",
  },
  task_upstream_unreachable: {
    status: 502,
    code: "upstream_unreachable",
    type: UPSTREAM,
    retryable: true,
    upstreamFault: true,
    message: "Upstream request failed: {reason}",
  },
  image_not_found: { status: 404, code: "image_not_found", message: "Image not found" },
  image_upstream: { status: 502, code: "image_upstream_error", message: "{detail}" },
  image_type_refused: {
    status: 502,
    code: "image_type_refused",
    message: "The image upstream did not answer a PNG, JPEG, GIF or WebP image",
  },
} as const satisfies Record<string, RelayErrorSpec>;

export type RelayErrorName = keyof typeof RELAY_ERRORS;
type Params = Record<string, string | number>;

/** Per-site adjustments: the locale of keyed messages, an upstream's status and code. */
export type RelayErrorExtra = {
  locale?: Locale;
  status?: number;
  code?: string;
  type?: RelayErrorType;
  upstreamStatus?: number;
};

const fill = (template: string, params: Params) =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => (name in params ? String(params[name]) : slot));

/** The RelayError for a table entry. */
export function relayError(name: RelayErrorName, params: Params = {}, extra: RelayErrorExtra = {}): RelayError {
  const spec: RelayErrorSpec = RELAY_ERRORS[name];
  const message = "key" in spec ? serverMessage(extra.locale ?? "en", spec.key, params) : fill(spec.message, params);
  return new RelayError(extra.status ?? spec.status, message, {
    type: extra.type ?? spec.type,
    code: extra.code ?? spec.code,
    retryable: spec.retryable,
    upstreamStatus: extra.upstreamStatus,
    upstreamFault: spec.upstreamFault,
  });
}

/** A 400 for a request the relay cannot take (validation details in the message). */
export const invalidRequest = (detail: string, code = "invalid_request") =>
  relayError("invalid_request", { detail }, { code });
