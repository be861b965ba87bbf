import "server-only";

// Channel type 4: Ollama. Default: its OpenAI-compatible API ({base}/v1/*, every endpoint Ollama
// serves there). With the channel setting {"ollama_api": "native"}: chat -> POST {base}/api/chat
// (NDJSON stream) and embeddings -> POST {base}/api/embed (request.ts, response.ts, stream.ts); other
// endpoints are refused. The key, when not empty, is sent as Bearer (Ollama itself ignores it; a proxy
// in front may check it).
import type { ChannelTypeInfo } from "@/lib/channel-types";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { ollamaChatBody, ollamaEmbedBody } from "@/relay/vendors/ollama/request";
import { ollamaChatToOpenAI, ollamaEmbedToOpenAI } from "@/relay/vendors/ollama/response";
import { ollamaEventsToSse } from "@/relay/vendors/ollama/stream";
import { nativeJsonRequest } from "@/relay/vendors/shared/native-json/adapter";
import { baseUrlOf, createOpenAICompatibleAdapter } from "@/relay/vendors/shared/openai-style/adapter";
import type { ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";

export const ollamaNative = (channel: Pick<CachedChannel, "setting">) => channel.setting?.ollama_api === "native";

export function createOllamaAdapter(v: ChannelTypeInfo): ChannelAdapter {
  const fallback = v.defaultBaseUrl ?? "http://localhost:11434";
  const compatible = createOpenAICompatibleAdapter({ name: v.name, defaultBaseUrl: fallback });
  return {
    name: v.name,
    defaultBaseUrl: fallback,
    supportsStreamUsage: true,
    chatOnly: true,
    buildRequest(ctx, body): UpstreamRequest {
      if (!ollamaNative(ctx.channel)) return compatible.buildRequest(ctx, body);
      return nativeJsonRequest(ctx, body, baseUrlOf(ctx, fallback), {
        headers: {
          "content-type": "application/json",
          accept: ctx.stream ? "application/x-ndjson" : "application/json",
          ...(ctx.key ? { authorization: `Bearer ${ctx.key}` } : {}),
        },
        chat: { path: "/api/chat", body: ollamaChatBody, decodeStream: ollamaEventsToSse },
        embeddings: { path: "/api/embed", body: ollamaEmbedBody },
      });
    },
    convertResponse: (json, ctx) => {
      if (!ollamaNative(ctx.channel)) return json;
      if (ctx.mode === "chat") return ollamaChatToOpenAI(json, ctx.upstreamModel);
      return ctx.mode === "embeddings" ? ollamaEmbedToOpenAI(json, ctx.upstreamModel) : json;
    },
  };
}
