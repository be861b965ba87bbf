import "server-only";

// A channel's non-2xx answer as the RelayError the retry loop, auto-disable and the client see:
// its message (redacted), the status through the channel's status-code mapping, and the vendor's own
// classification of the error (upstreamErrorClass).
//
// The vendor's own classification of an upstream error: the identifier fields its error body (or
// header) carries, lower-cased. Unlike the message, these are chosen by the vendor from a fixed set and
// never quote the request, so a client cannot steer them (an OpenAI 400 says "Invalid value: '<role>'"
// in its message, but its code stays "invalid_value"). Auto-disable decides on these (channel-health.ts).
//   OpenAI   {error:{type, code}}                     invalid_api_key, insufficient_quota, …
//   Anthropic {type:"error", error:{type}}            authentication_error, permission_error, billing_error
//   Gemini   {error:{code:<http>, status, details:[{reason}]}}  PERMISSION_DENIED, API_KEY_INVALID
//   Bedrock  header x-amzn-errortype                  UnrecognizedClientException:<url>
import type { AdapterContext } from "@/relay/kernel/adapter";
import type { RelayError } from "@/relay/kernel/errors";
import { relayError } from "@/relay/kernel/error-codes";
import { redactUpstreamText } from "@/relay/kernel/redact";
import { mapStatus } from "@/relay/kernel/channel-transform";
import { headerOf, type UpstreamResponse } from "@/relay/kernel/upstream-body";

const MAX_FIELD = 100;
const MAX_ERROR_BODY = 64 * 1024;

function identifier(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const s = v.trim().toLowerCase();
  // An identifier is short and has no spaces; anything else may be prose (and prose may quote).
  return s && s.length <= MAX_FIELD && !/\s/.test(s) ? s : undefined;
}

/** The identifier fields of a parsed error body and the Bedrock error-type header, lower-cased. */
export function upstreamErrorClass(parsed: unknown, amznErrorType: string | undefined): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    const id = identifier(v);
    if (id && !out.includes(id)) out.push(id);
  };
  if (amznErrorType) add(amznErrorType.split(":")[0]);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return out;
  const body = parsed as Record<string, unknown>;
  if (typeof body.__type === "string") add(body.__type.split("#").pop());
  const e = body.error;
  if (e && typeof e === "object" && !Array.isArray(e)) {
    const err = e as Record<string, unknown>;
    add(err.type);
    add(err.code);
    add(err.status);
    if (Array.isArray(err.details))
      for (const d of err.details.slice(0, 10))
        if (d && typeof d === "object") add((d as Record<string, unknown>).reason);
  }
  return out;
}

export async function upstreamError(up: UpstreamResponse, actx: AdapterContext, hide: boolean): Promise<RelayError> {
  let text = "";
  try {
    text = await up.body.textUpTo(MAX_ERROR_BODY);
  } catch {
    text = "";
  }
  let message = `upstream returned HTTP ${up.statusCode}`;
  let type: string | undefined;
  let code = "bad_response_status_code";
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
    const j = parsed as {
      error?: { message?: string; type?: string; code?: string | number } | string;
      message?: string;
    };
    const e = typeof j.error === "object" ? j.error : undefined;
    message = e?.message || (typeof j.error === "string" ? j.error : "") || j.message || message;
    type = e?.type;
    if (e?.code !== undefined && e.code !== null && e.code !== "") code = String(e.code);
  } catch {
    if (text.trim()) message = text.trim().slice(0, 500);
  }
  const status = mapStatus(up.statusCode, actx.channel.statusCodeMapping);
  message = redactUpstreamText(message, [actx.key, ...actx.channel.keys], actx.channel.baseUrl);
  return relayError(
    "upstream_status",
    { detail: hide ? `upstream error (HTTP ${up.statusCode})` : message },
    {
      status,
      code,
      type: type === "invalid_request_error" ? "invalid_request_error" : "upstream_error",
      upstreamStatus: up.statusCode,
      upstreamClass: upstreamErrorClass(parsed, headerOf(up, "x-amzn-errortype")),
    },
  );
}
