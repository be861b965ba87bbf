import "server-only";

// One try against one channel: send, map upstream errors (retryable, status-code mapping), then
// stream or answer JSON. Usage missing from a JSON answer is counted locally and injected.
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { ServerResponse } from "node:http";
import { env } from "@/lib/env";
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";
import type { RelayContext } from "@/relay/kernel/context";
import { RelayError } from "@/relay/kernel/errors";
import { sendJson } from "@/relay/kernel/http-io";
import { upstreamJsonObject, upstreamText } from "@/relay/kernel/json";
import type { Outcome } from "@/relay/kernel/outcome";
import { relayStream } from "@/relay/streaming/openai-stream";
import { streamOutcome } from "@/relay/streaming/sse-response";
import { embeddingsToBase64, openaiFormat, usageFromOpenAI } from "@/relay/vendors/shared/openai-style/format";
import { checkedUsage } from "@/relay/kernel/usage-check";
import type { Json } from "@/relay/kernel/format";
import { exactPromptTokens, exactTextTokens } from "@/relay/kernel/tokenize";
import { mapStatus } from "@/relay/upstream/transform";
import { headerOf, sendUpstream, UpstreamAbort, type UpstreamResponse } from "@/relay/upstream/send";
import { upstreamErrorClass } from "@/relay/upstream/error-class";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { redactUpstreamText } from "@/relay/kernel/redact";
import { relayError } from "@/relay/kernel/error-codes";

const MAX_ERROR_BODY = 64 * 1024;

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

type JsonUsage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
};
type JsonAnswer = {
  usage?: JsonUsage;
  choices?: { message?: { content?: unknown; reasoning_content?: string }; text?: string }[];
};

/**
 * Sends one request to the channel and returns the upstream response once it answered 200; a
 * client that goes away meanwhile aborts it. Non-200 answers become retryable RelayErrors.
 */
export async function openUpstream(
  request: UpstreamRequest,
  actx: AdapterContext,
  res: ServerResponse,
  options: ReadonlyOptions,
): Promise<{ up: UpstreamResponse; abort: UpstreamAbort }> {
  const abort = new UpstreamAbort();
  const onClientGone = () => abort.abort(new Error("client_gone"));
  res.once("close", onClientGone);
  let up: UpstreamResponse;
  try {
    up = await sendUpstream(request, abort, env().RELAY_TIMEOUT * 1000, channelPrivateAllowed(options));
  } catch (err) {
    const reason = redactUpstreamText((err as Error).message, [], actx.channel.baseUrl);
    throw relayError("upstream_unreachable", { reason });
  } finally {
    res.off("close", onClientGone);
  }
  if (up.statusCode < 200 || up.statusCode > 299)
    throw await upstreamError(up, actx, options.bool("global.hide_upstream_error_enabled"));
  return { up, abort };
}

/** Ping interval of streams (general_setting.ping_interval_*), 0 = off. */
export function pingSeconds(options: ReadonlyOptions): number {
  return options.bool("general_setting.ping_interval_enabled")
    ? Math.max(1, Number(options.get("general_setting.ping_interval_seconds")) || 60)
    : 0;
}

/** OpenAI client, OpenAI-format channel: the fast path (bytes forwarded, usage tapped). */
export async function attemptUpstream(
  ctx: RelayContext,
  adapter: ChannelAdapter,
  actx: AdapterContext,
  body: Record<string, unknown>,
  res: ServerResponse,
  options: ReadonlyOptions,
): Promise<Outcome> {
  const { up, abort } = await openUpstream(adapter.buildRequest(actx, body), actx, res, options);

  const base = { channel: actx.channel, upstreamModel: actx.upstreamModel };
  if (ctx.stream) {
    const r = await relayStream(ctx, adapter, actx, up, res, abort, {
      inactivityMs: env().STREAMING_TIMEOUT * 1000,
      pingSeconds: pingSeconds(options),
    });
    return { ...base, ...streamOutcome(r) };
  }

  const raw = await upstreamText(up, actx.channel.baseUrl);
  const firstResponseMs = Date.now() - ctx.startedAt;
  const json = upstreamJsonObject(raw) as JsonAnswer;
  let out = adapter.convertResponse ? (adapter.convertResponse(json, actx) as JsonAnswer) : json;
  // A converted embeddings answer carries floats; the openai SDK asks for base64 by default.
  if (out !== json && actx.mode === "embeddings" && ctx.body.encoding_format === "base64")
    embeddingsToBase64(out as Json);
  // A usage field that is not a count (a string, NaN, a negative, a float, absurd): billed by our count.
  const reported = checkedUsage(usageFromOpenAI(out.usage), ctx.requestId);
  const estimated = !reported || !reported.promptTokens;
  let usage;
  if (estimated) {
    const text = openaiFormat.responseText(out as Json);
    const completion = reported?.completionTokens || (await exactTextTokens(text));
    usage = { promptTokens: await exactPromptTokens(ctx.body), completionTokens: completion, cachedTokens: 0 };
    out = {
      ...out,
      usage: {
        prompt_tokens: usage.promptTokens,
        completion_tokens: completion,
        total_tokens: usage.promptTokens + completion,
      },
    };
  } else {
    usage = {
      promptTokens: reported.promptTokens,
      completionTokens: reported.completionTokens,
      cachedTokens: reported.cachedTokens,
    };
  }
  sendJson(res, 200, out === json && !adapter.convertResponse ? raw : JSON.stringify(out), ctx.requestId);
  return { channel: actx.channel, upstreamModel: actx.upstreamModel, usage, estimated, firstResponseMs };
}
