import "server-only";

// One test request straight to a channel (the console's channel test): no routing, no user, no
// billing. The body is OpenAI-shaped; a channel of another wire format gets it converted.
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import type { Usage } from "@/lib/server/ledger/pricing";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { getOptions } from "@/lib/server/options/store";
import { selectKey } from "@/relay/routing/select-channel";
import { sendUpstream, UpstreamAbort } from "@/relay/upstream/send";
import { applyParamOverride, mapModel } from "@/relay/kernel/channel-transform";
import { adapterFor, formatFor } from "@/relay/vendors";
import type { Json } from "@/relay/kernel/format";
import type { RelayMode } from "@/relay/kernel/adapter";

export type ProbeAnswer = { status: number; text: string; usage: Usage | null };
export type Probe =
  | { kind: "unsupported" }
  | { kind: "no_key" }
  /** Sends the request; throws when the upstream is unreachable or a 200 is not JSON. */
  | { kind: "ready"; send(timeoutMs: number): Promise<ProbeAnswer> };

const isEmbedding = (model: string) => /embed|^m3e|bge-/i.test(model);

/** Prepares "hi" (or an embedding of it) for the channel; request-building errors throw here. */
export async function prepareProbe(channel: CachedChannel, model: string): Promise<Probe> {
  const adapter = adapterFor(channel.type);
  if (!adapter) return { kind: "unsupported" };
  const picked = selectKey(channel);
  if (!picked) return { kind: "no_key" };
  const mode: RelayMode = isEmbedding(model) ? "embeddings" : "chat";
  const upstreamModel = mapModel(model, channel.modelMapping);
  const body =
    mode === "embeddings"
      ? { model: upstreamModel, input: "hi" }
      : { model: upstreamModel, messages: [{ role: "user", content: "hi" }], max_tokens: 16 };
  const options = await getOptions();
  const wire = formatFor(adapter.formatOf?.(upstreamModel, channel) ?? adapter.format ?? "openai");
  const convert = { mode, upstreamModel, stream: false, options };
  const actx = {
    channel,
    key: picked.key,
    mode,
    path: mode === "embeddings" ? "/v1/embeddings" : "/v1/chat/completions",
    upstreamModel,
    stream: false,
    options,
  };
  const request = adapter.buildRequest(
    actx,
    applyParamOverride(wire.fromOpenAIRequest(body, convert), channel.paramOverride),
  );
  const send = async (timeoutMs: number): Promise<ProbeAnswer> => {
    const abort = UpstreamAbort.following(AbortSignal.timeout(timeoutMs));
    const up = await sendUpstream(request, abort, timeoutMs, channelPrivateAllowed(options));
    const text = await up.body.text();
    let usage: Usage | null = null;
    if (up.statusCode === 200) {
      const json = JSON.parse(text) as Json;
      usage = wire.usageOf(adapter.convertResponse ? (adapter.convertResponse(json, actx) as Json) : json);
    }
    return { status: up.statusCode, text, usage };
  };
  return { kind: "ready", send };
}
