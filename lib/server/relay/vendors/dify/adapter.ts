import "server-only";

// Channel type 37: a Dify app through its service API (docs.dify.ai, "发送对话消息"):
// POST {base}/v1/chat-messages with "Authorization: Bearer {app API key}" (app-…); the base URL is the
// Dify host (default https://api.dify.ai, as in new-api). Chat only: the request becomes Dify's
// {inputs, query, response_mode, user, files} (request.ts) and the blocking JSON / streamed events
// become OpenAI answers (answer.ts), so Claude, Gemini and Responses clients reach Dify too.
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { relayError } from "@/lib/server/relay/error-codes";
import { difyBlockingToOpenAI, difyStreamConverter } from "@/lib/server/relay/vendors/dify/answer";
import { toDifyRequest } from "@/lib/server/relay/vendors/dify/request";
import { baseUrlOf } from "@/lib/server/relay/vendors/openai/compatible";
import { appCallIds, reframeSse } from "@/lib/server/relay/vendors/openai/app-answer";
import type { ChannelAdapter, UpstreamRequest } from "@/lib/server/relay/vendors/types";

export function createDifyAdapter(v: ChannelTypeInfo): ChannelAdapter {
  const defaultBaseUrl = v.defaultBaseUrl ?? "https://api.dify.ai";
  return {
    name: v.name,
    defaultBaseUrl,
    supportsStreamUsage: false,
    chatOnly: true,
    buildRequest(ctx, body): UpstreamRequest {
      if (ctx.mode !== "chat") throw relayError("unsupported_endpoint", { path: ctx.path });
      const { requestId, ids } = appCallIds(ctx.upstreamModel);
      const req: UpstreamRequest = {
        url: `${baseUrlOf(ctx, defaultBaseUrl)}/v1/chat-messages`,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${ctx.key}`,
          accept: ctx.stream ? "text/event-stream" : "application/json",
        },
        body: JSON.stringify(toDifyRequest(body, ctx.stream, requestId)),
      };
      if (!ctx.stream) return { ...req, decodeBody: (text) => difyBlockingToOpenAI(text, ids) };
      return {
        ...req,
        decodeStream: (up) => {
          const c = difyStreamConverter(ids);
          return reframeSse(
            up,
            (e) => c.push(e.data),
            (head) => c.end(head),
          );
        },
      };
    },
  };
}
