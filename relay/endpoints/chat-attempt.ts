import "server-only";

// One attempt of a chat-like call (chat, completions, embeddings, moderations) in any client format
// against a channel of any wire format. OpenAI -> OpenAI takes the byte-forwarding fast path
// (attempt.ts). Same format on both sides is forwarded natively and tapped for usage; otherwise
// the request goes client -> OpenAI -> channel format and the answer back the same way
// (vendors/format-types.ts). Usage is always read in the channel's own format (Claude cache tokens etc.).
import { env } from "@/lib/env";
import { attemptUpstream, openUpstream, pingSeconds } from "@/relay/upstream/attempt";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { AttemptInput } from "@/relay/kernel/endpoint";
import { relayEvents, type EventPipe } from "@/relay/streaming/event-stream";
import { streamOutcome } from "@/relay/streaming/sse-response";
import { localeOfNodeHeaders } from "@/lib/server/i18n/server-messages";
import { upstreamJsonObject, upstreamText } from "@/relay/kernel/json";
import { formatFor } from "@/relay/vendors";
import { chunkText, embeddingsToBase64, usageToOpenAI } from "@/relay/vendors/shared/openai-style/format";
import type { ChatFormat, ClientFormat, ConvertOptions, Json } from "@/relay/kernel/format";
import { sendJson } from "@/relay/kernel/http-io";
import type { Outcome } from "@/relay/kernel/outcome";
import { exactPromptTokens, exactTextTokens } from "@/relay/kernel/tokenize";
import { checkedUsage } from "@/relay/kernel/usage-check";
import { applyParamOverride, applySystemPrompt, omitZeroTokenLimits } from "@/relay/upstream/transform";

function openaiToOpenai(a: AttemptInput): Promise<Outcome> {
  const { ctx, adapter, actx, res, options, passThrough } = a;
  const outBody = passThrough
    ? { ...ctx.body, model: actx.upstreamModel }
    : applyParamOverride(
        applySystemPrompt(omitZeroTokenLimits({ ...ctx.body, model: actx.upstreamModel }), actx.channel.systemPrompt),
        actx.channel.paramOverride,
      );
  if (ctx.stream && adapter.supportsStreamUsage && !passThrough)
    outBody.stream_options = { ...(outBody.stream_options as object), include_usage: true };
  return attemptUpstream(ctx, adapter, actx, outBody, res, options);
}

/** Converted stream: channel events -> OpenAI chunks -> client frames. */
function convertingPipe(wire: ChatFormat, client: ClientFormat, o: ConvertOptions, a: AttemptInput): EventPipe {
  const toOpenAI = wire.streamToOpenAI({ ...o, requestId: a.ctx.requestId });
  const fromOpenAI = client.streamFromOpenAI({
    ...o,
    requestId: a.ctx.requestId,
    clientModel: a.ctx.model,
    clientWantsUsage: a.ctx.clientWantsUsage,
  });
  let text = "";
  const forward = (chunks: Json[]) => {
    const frames: string[] = [];
    for (const chunk of chunks) {
      text += chunkText(chunk);
      for (const f of fromOpenAI.push(chunk)) frames.push(f);
    }
    return frames;
  };
  return {
    push: (event) => forward(toOpenAI.push(event)),
    end: (usage) => [...forward(toOpenAI.end()), ...fromOpenAI.end(usage)],
    usage: () => toOpenAI.usage(),
    final: () => toOpenAI.final(),
    text: () => text,
  };
}

const openaiPath = (mode: string) => (mode === "embeddings" ? "/v1/embeddings" : "/v1/chat/completions");

/** `clientFormat`: a client format no channel speaks (OpenAI Responses), converted as a chat call. */
export async function attemptChat(a: AttemptInput, clientFormat?: ClientFormat): Promise<Outcome> {
  const { ctx, adapter, actx, res, options, passThrough } = a;
  const client: ClientFormat = clientFormat ?? formatFor(ctx.format);
  const wire = formatFor(adapter.formatOf?.(actx.upstreamModel, actx.channel) ?? adapter.format ?? "openai");
  if (client.name === "openai" && wire.name === "openai") return openaiToOpenai(a);

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
    if (wire.preparePivot) pivot = await wire.preparePivot(pivot, ctx, localeOfNodeHeaders(ctx.headers));
    outBody = wire.fromOpenAIRequest(pivot, o);
  }
  if (!passThrough) outBody = applyParamOverride(outBody, actx.channel.paramOverride);
  // Local counting (only when the upstream reports no usage) works on the OpenAI form of the prompt.
  const promptTokens = () => exactPromptTokens(pivot ?? client.toOpenAIRequest(ctx.body, o));

  // A converted call reaches an OpenAI channel on the OpenAI path, not the client's (/v1/messages...).
  // (A Responses client's call is a chat call there: mode "chat", which native-dialect adapters dispatch on.)
  const target = native || wire.name !== "openai" ? actx : { ...actx, mode: o.mode, path: openaiPath(o.mode) };
  const { up, abort } = await openUpstream(adapter.buildRequest(target, outBody), actx, res, options);
  const base = { channel: actx.channel, upstreamModel: actx.upstreamModel };

  if (ctx.stream) {
    const pipe: EventPipe = native ? wire.nativeStream(o) : convertingPipe(wire, client, o, a);
    const r = await relayEvents(ctx, up, res, abort, pipe, {
      inactivityMs: env().STREAMING_TIMEOUT * 1000,
      pingSeconds: native && wire.nativePings === false ? 0 : pingSeconds(options),
      promptTokens,
    });
    return { ...base, ...streamOutcome(r) };
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
  return { ...base, usage, estimated, firstResponseMs };
}
