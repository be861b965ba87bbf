import "server-only";

// Channel type 34: Cohere's native v2 API, Bearer key. /v1/chat/completions -> POST {base}/v2/chat
// (chat.ts, stream.ts), /v1/embeddings -> POST {base}/v2/embed (embed.ts), /v1/rerank -> POST
// {base}/v2/rerank (same request and answer shape as ours, forwarded as is). Other endpoints are refused.
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { relayError } from "@/lib/server/relay/error-codes";
import { cohereChatBody, cohereChatToOpenAI } from "@/lib/server/relay/vendors/cohere/chat";
import { cohereEmbedBody, cohereEmbedToOpenAI } from "@/lib/server/relay/vendors/cohere/embed";
import { cohereEventsToSse } from "@/lib/server/relay/vendors/cohere/stream";
import { baseUrlOf } from "@/lib/server/relay/vendors/openai/compatible";
import type { ChannelAdapter, UpstreamRequest } from "@/lib/server/relay/vendors/types";

export function createCohereAdapter(v: ChannelTypeInfo): ChannelAdapter {
  const fallback = v.defaultBaseUrl ?? "https://api.cohere.com";
  return {
    name: v.name,
    defaultBaseUrl: fallback,
    supportsStreamUsage: true,
    chatOnly: true,
    buildRequest(ctx, body): UpstreamRequest {
      const base = baseUrlOf(ctx, fallback);
      const headers: Record<string, string> = {
        "content-type": "application/json",
        authorization: `Bearer ${ctx.key}`,
        accept: ctx.stream ? "text/event-stream" : "application/json",
      };
      const model = ctx.upstreamModel;
      if (ctx.mode === "chat") {
        const req: UpstreamRequest = {
          url: `${base}/v2/chat`,
          headers,
          body: JSON.stringify(cohereChatBody(body, model, ctx.stream)),
        };
        if (ctx.stream) req.decodeStream = cohereEventsToSse(model);
        return req;
      }
      if (ctx.mode === "embeddings")
        return { url: `${base}/v2/embed`, headers, body: JSON.stringify(cohereEmbedBody(body, model)) };
      if (ctx.mode === "rerank") return { url: `${base}/v2/rerank`, headers, body: JSON.stringify(body) };
      throw relayError("unsupported_endpoint", { path: ctx.path });
    },
    convertResponse: (json, ctx) =>
      ctx.mode === "chat"
        ? cohereChatToOpenAI(json, ctx.upstreamModel)
        : ctx.mode === "embeddings"
          ? cohereEmbedToOpenAI(json, ctx.upstreamModel)
          : json,
  };
}
