import "server-only";

// The one error table of the console and the relay: error code -> HTTP status -> message.
// Console codes (AppError, lib/server/http/app-error.ts) name a category; the message key is chosen
// where one is thrown. Relay codes carry their message: new-api's English text with {param} slots (a
// wire contract, never translated) or a server message key (zh/en). How each relay code looks on the
// wire (error.code, type, retry flags) stays with the relay: relay/kernel/error-codes.ts.
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";

export type ErrorEntry = { status: number; message?: string; key?: ServerMessageKey };

export const ERROR_TABLE = {
  // ---- categories the console throws (AppError); "internal" and "forbidden" also name relay errors
  bad_request: { status: 400 },
  unauthorized: { status: 401 },
  forbidden: { status: 403, message: "Forbidden" },
  not_found: { status: 404 },
  conflict: { status: 409 },
  payload_too_large: { status: 413 },
  rate_limited: { status: 429 },
  internal: { status: 500, message: "Internal error" },
  unavailable: { status: 503 },
  // An outside host a console call depends on (update check, preset ratios) cannot be reached: the
  // envelope says so with 200, as new-api does; a same-origin 5xx would read as this server failing
  // (air-gapped deployments never reach GitHub).
  outside_unreachable: { status: 200 },
  // ---- relay: entry: paths, bodies, the playground's session
  invalid_request: { status: 400, message: "{detail}" },
  body_too_large: { status: 413, message: "Request body too large (limit {mb} MB)" },
  method_not_allowed: { status: 405, message: "Method {method} is not allowed here" },
  not_implemented: { status: 501, message: "This gateway does not serve {method} {path}" },
  invalid_url: { status: 404, message: "Invalid URL ({method} {path})" },
  relay_internal: { status: 500, message: "Internal error while relaying the request" },
  cross_site: { status: 403, message: "Cross-site request refused" },
  session_expired: { status: 401, message: "Not logged in or the session has expired" },
  user_banned: { status: 403, message: "This user has been banned" },
  user_mismatch: { status: 401, message: "New-Api-User does not match the logged-in user" },
  browser_extension: { status: 403, message: "Requests from browser extensions are not allowed on this site" },
  // ---- relay: auth and protection
  invalid_api_key: { status: 401, message: "{detail}" },
  token_denied: { status: 403, message: "{detail}" },
  auth_unavailable: { status: 503, key: "relay_auth_unavailable" },
  too_many_invalid_keys: { status: 429, key: "relay_auth_rate_limited" },
  invalid_channel_id: { status: 400, message: "Invalid channel ID" },
  rate_limit_unavailable: { status: 503, key: "rate_limit_unavailable" },
  rate_limit_total: {
    status: 429,
    message: "Rate limit reached: at most {total} requests (including failures) in {minutes} minutes",
  },
  rate_limit_success: { status: 429, message: "Rate limit reached: at most {success} requests in {minutes} minutes" },
  token_rate_limit: { status: 429, message: "Token rate limit reached ({count} requests per {period} s)" },
  group_denied: { status: 403, message: "No access to group {group}" },
  model_not_allowed: { status: 403, message: "This token has no access to model {model}" },
  sensitive_words: { status: 400, message: "Sensitive words detected: {word}" },
  // ---- relay: routing
  model_not_found: { status: 404, message: "The model '{id}' does not exist or you do not have access to it" },
  no_channel: { status: 503, message: "No available channel for model {model} under group {group}" },
  model_price_missing: {
    status: 400,
    message: "Model {model} has no price or ratio configured; ask an administrator to set one",
  },
  channel_disabled: { status: 403, message: "This channel has been disabled or does not exist" },
  channel_type_unsupported: { status: 500, message: "Channel type {type} is not supported by this gateway" },
  channel_config_missing: { status: 500, message: "The channel is missing {detail}" },
  channel_no_key: { status: 500, message: "The channel has no enabled key" },
  model_mapping_cycle: { status: 500, message: 'model_mapping contains a cycle at "{model}"' },
  unsupported_endpoint: { status: 400, message: "This channel type does not serve {path}" },
  azure_unsupported_endpoint: { status: 400, message: "Azure channels do not serve {path}" },
  // ---- relay: conversion to the channel's dialect (vendors/shared/convert-guard.ts)
  convert_unknown_type: { status: 400, key: "relay_convert_unknown_type" },
  convert_unsupported: { status: 400, key: "relay_convert_unsupported" },
  convert_wrong_type: { status: 400, key: "relay_convert_wrong_type" },
  convert_empty: { status: 400, key: "relay_convert_empty" },
  // ---- relay: upstream
  upstream_status: { status: 502, message: "{detail}" },
  upstream_unreachable: { status: 502, message: "upstream request failed: {reason}" },
  bad_response_body: { status: 502, message: "upstream answered with a body that is not JSON" },
  // ---- relay: reservation (settle)
  quota_service_unavailable: {
    status: 503,
    message: "The quota service is unavailable (cannot reach Redis); try again later",
  },
  token_exhausted: { status: 401, message: "This token's quota is exhausted" },
  output_unaffordable: { status: 403, key: "relay_output_unaffordable" },
  token_insufficient: { status: 403, message: "Token quota is not enough (remaining {remain})" },
  user_insufficient: { status: 403, message: "Insufficient user quota (remaining {remain})" },
  subscription_insufficient: { status: 403, key: "relay_subscription_insufficient" },
  // ---- relay: task relay (Midjourney, Suno)
  task_not_found: { status: 404, message: "Task {id} not found" },
  task_channel_gone: { status: 503, message: "The channel of this task is no longer available" },
  task_channel_no_key: { status: 503, message: "The channel has no enabled key" },
  task_upstream_status: { status: 502, message: "{platform} upstream answered {upstream}" },
  task_upstream_unreachable: { status: 502, message: "Upstream request failed: {reason}" },
  video_not_ready: { status: 400, message: "Task {id} is not completed yet, current status: {status}" },
  video_content_failed: { status: 502, message: "Failed to fetch video content" },
  image_not_found: { status: 404, message: "Image not found" },
  image_upstream: { status: 502, message: "{detail}" },
  image_type_refused: { status: 502, message: "The image upstream did not answer a PNG, JPEG, GIF or WebP image" },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** The HTTP status of a code. */
export const statusOf = (code: ErrorCode): number => ERROR_TABLE[code].status;
