import "server-only";

// The one attempt: one try of a chat-like call (chat, completions, embeddings, moderations; Claude,
// Gemini and Responses clients too) against one channel of any wire format. It builds the request,
// sends it, and then streams (attempt-stream.ts; the fast path's stream straight from here) or
// answers the JSON. Three branches:
// - OpenAI client, OpenAI channel: the fast path, bytes forwarded and usage tapped;
// - the same format on both sides: forwarded natively and tapped for usage;
// - otherwise client -> OpenAI -> channel format, and the answer back the same way (kernel/format.ts).
// Usage is always read in the channel's own format (Claude cache tokens etc.); usage missing from a
// JSON answer is counted locally. A non-2xx answer becomes a retryable RelayError (upstream-error.ts).
import type { ServerResponse } from "node:http";
import { env } from "@/lib/env";
import type { Usage } from "@/lib/server/ledger/pricing";
import { localeOfNodeHeaders } from "@/lib/server/i18n/server-messages";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { AdapterContext, UpstreamRequest } from "@/relay/kernel/adapter";
import { applyParamOverride, applySystemPrompt, omitZeroTokenLimits } from "@/relay/kernel/channel-transform";
import type { AttemptInput } from "@/relay/kernel/endpoint";
import { relayError } from "@/relay/kernel/error-codes";
import type { ClientFormat, ConvertOptions, Json } from "@/relay/kernel/format";
import { sendJson } from "@/relay/kernel/http-io";
import { upstreamJsonObject, upstreamText } from "@/relay/kernel/json";
import type { Outcome } from "@/relay/kernel/outcome";
import { redactUpstreamText } from "@/relay/kernel/redact";
import { exactPromptTokens, exactTextTokens } from "@/relay/kernel/tokenize";
import type { UpstreamResponse } from "@/relay/kernel/upstream-body";
import { checkedUsage } from "@/relay/kernel/usage-check";
import { convertingPipe, streamEvents } from "@/relay/upstream/attempt-stream";
import { relayStream } from "@/relay/streaming/openai-stream";
import { pingSeconds, streamOutcome } from "@/relay/streaming/sse-response";
import { sendUpstream, UpstreamAbort } from "@/relay/upstream/send";
import { upstreamError } from "@/relay/upstream/upstream-error";
import { formatFor } from "@/relay/vendors";
import { embeddingsToBase64, openaiFormat, usageFromOpenAI, usageToOpenAI } from "@/relay/vendors/shared/openai-style/format";

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

type JsonAnswer = {
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  choices?: { message?: { content?: unknown; reasoning_content?: string }; text?: string }[];
};

/** OpenAI client, OpenAI-format channel: the fast path (bytes forwarded, usage tapped). */
async function fastPath(a: AttemptInput): Promise<Outcome> {
  const { ctx, adapter, actx, res, options, passThrough } = a;
  const body = passThrough
    ? { ...ctx.body, model: actx.upstreamModel }
    : applyParamOverride(
        applySystemPrompt(omitZeroTokenLimits({ ...ctx.body, model: actx.upstreamModel }), actx.channel.systemPrompt),
        actx.channel.paramOverride,
      );
  if (ctx.stream && adapter.supportsStreamUsage && !passThrough)
    body.stream_options = { ...(body.stream_options as object), include_usage: true };
  const { up, abort } = await openUpstream(adapter.buildRequest(actx, body), actx, res, options);
  if (ctx.stream) {
    const r = await relayStream(ctx, adapter, actx, up, res, abort, {
      inactivityMs: env().STREAMING_TIMEOUT * 1000,
      pingSeconds: pingSeconds(options),
    });
    return { channel: actx.channel, upstreamModel: actx.upstreamModel, ...streamOutcome(r) };
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

const openaiPath = (mode: string) => (mode === "embeddings" ? "/v1/embeddings" : "/v1/chat/completions");

/** `clientFormat`: a client format no channel speaks (OpenAI Responses), converted as a chat call. */
export async function attemptChat(a: AttemptInput, clientFormat?: ClientFormat): Promise<Outcome> {
  const { ctx, adapter, actx, res, options, passThrough } = a;
  const client: ClientFormat = clientFormat ?? formatFor(ctx.format);
  const wire = formatFor(adapter.formatOf?.(actx.upstreamModel, actx.channel) ?? adapter.format ?? "openai");
  if (client.name === "openai" && wire.name === "openai") return fastPath(a);

  const o: ConvertOptions = {
    mode: clientFormat ? "chat" : ctx.mode,
    upstreamModel: actx.upstreamModel,
    stream: ctx.stream,
    options,
    path: ctx.path,
  };
  const native = client.name === wire.name;
  let pivot: Json | null = null;
  let outBody: Json;
  if (native) outBody = passThrough ? { ...ctx.body } : wire.prepareNative(ctx.body, o);
  else {
    client.checkConvertible?.(ctx.body, o.mode);
    pivot = applySystemPrompt(omitZeroTokenLimits(client.toOpenAIRequest(ctx.body, o)), actx.channel.systemPrompt);
    if (wire.preparePivot) pivot = await wire.preparePivot(pivot, ctx, () => localeOfNodeHeaders(ctx.headers));
    outBody = wire.fromOpenAIRequest(pivot, o);
  }
  if (!passThrough) outBody = applyParamOverride(outBody, actx.channel.paramOverride);
  // Local counting (only when the upstream reports no usage) works on the OpenAI form of the prompt.
  const promptTokens = () => exactPromptTokens(pivot ?? client.toOpenAIRequest(ctx.body, o));

  // A converted call reaches an OpenAI channel on the OpenAI path, not the client's (/v1/messages...).
  // (A Responses client's call is a chat call there: mode "chat", which native-dialect adapters dispatch on.)
  const target = native || wire.name !== "openai" ? actx : { ...actx, mode: o.mode, path: openaiPath(o.mode) };
  const { up, abort } = await openUpstream(adapter.buildRequest(target, outBody), actx, res, options);

  if (ctx.stream) {
    const pipe = native ? wire.nativeStream(o) : convertingPipe(wire, client, o, a);
    return streamEvents(a, up, abort, pipe, promptTokens, !(native && wire.nativePings === false));
  }

  const raw = await upstreamText(up, actx.channel.baseUrl);
  const firstResponseMs = Date.now() - ctx.startedAt;
  const parsed = upstreamJsonObject(raw);
  // An adapter speaking a native dialect (Bedrock Converse, Cohere v2, Ollama) answers in its format.
  const json = adapter.convertResponse ? (adapter.convertResponse(parsed, target) as Json) : parsed;
  const reported = checkedUsage(wire.usageOf(json), ctx.requestId);
  const estimated = !reported;
  const usage: Usage = reported ?? {
    promptTokens: await promptTokens(),
    completionTokens: await exactTextTokens(wire.responseText(json)),
    cachedTokens: 0,
  };
  if (native) {
    sendJson(res, 200, raw, ctx.requestId);
  } else {
    const asOpenAI = wire.toOpenAIResponse(json, o);
    if (estimated) asOpenAI.usage = usageToOpenAI(usage);
    const out = client.fromOpenAIResponse(asOpenAI, { ...o, requestId: ctx.requestId, clientModel: ctx.model });
    if (client.name === "openai" && ctx.mode === "embeddings" && ctx.body.encoding_format === "base64")
      embeddingsToBase64(out);
    sendJson(res, 200, JSON.stringify(out), ctx.requestId);
  }
  return { channel: actx.channel, upstreamModel: actx.upstreamModel, usage, estimated, firstResponseMs };
}
