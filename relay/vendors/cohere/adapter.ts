import "server-only";

// Channel type 34: Cohere's native v2 API, Bearer key. /v1/chat/completions -> POST {base}/v2/chat
// (request.ts, stream.ts), /v1/embeddings -> POST {base}/v2/embed (request-embed.ts), /v1/rerank -> POST
// {base}/v2/rerank (same request and answer shape as ours, forwarded as is). Other endpoints are refused.
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { cohereChatBody } from "@/relay/vendors/cohere/request";
import { cohereChatToOpenAI } from "@/relay/vendors/cohere/response";
import { cohereEmbedBody, cohereEmbedToOpenAI } from "@/relay/vendors/cohere/request-embed";
import { cohereEventsToSse } from "@/relay/vendors/cohere/stream";
import { nativeJsonRequest } from "@/relay/vendors/shared/native-json/adapter";
import { baseUrlOf } from "@/relay/vendors/shared/openai-style/adapter";
import type { ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";

export function createCohereAdapter(v: ChannelTypeInfo): ChannelAdapter {
  const fallback = v.defaultBaseUrl ?? "https://api.cohere.com";
  return {
    name: v.name,
    defaultBaseUrl: fallback,
    supportsStreamUsage: true,
    chatOnly: true,
    buildRequest(ctx, body): UpstreamRequest {
      return nativeJsonRequest(ctx, body, baseUrlOf(ctx, fallback), {
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${ctx.key}`,
          accept: ctx.stream ? "text/event-stream" : "application/json",
        },
        chat: { path: "/v2/chat", body: cohereChatBody, decodeStream: cohereEventsToSse },
        embeddings: { path: "/v2/embed", body: cohereEmbedBody },
        rerankPath: "/v2/rerank",
      });
    },
    convertResponse: (json, ctx) =>
      ctx.mode === "chat"
        ? cohereChatToOpenAI(json, ctx.upstreamModel)
        : ctx.mode === "embeddings"
          ? cohereEmbedToOpenAI(json, ctx.upstreamModel)
          : json,
  };
}
