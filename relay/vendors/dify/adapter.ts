import "server-only";

// Channel type 37: a Dify app through its service API (docs.dify.ai, "发送对话消息"):
// POST {base}/v1/chat-messages with "Authorization: Bearer {app API key}" (app-…); the base URL is the
// Dify host (default https://api.dify.ai, as in new-api). Chat only: the request becomes Dify's
// {inputs, query, response_mode, user, files} (request.ts) and the blocking JSON / streamed events
// become OpenAI answers (response.ts), so Claude, Gemini and Responses clients reach Dify too.
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { difyBlockingToOpenAI, difyStreamConverter } from "@/relay/vendors/dify/response";
import { toDifyRequest } from "@/relay/vendors/dify/request";
import { createAppChatAdapter } from "@/relay/vendors/shared/app/adapter";
import { reframeSse } from "@/relay/vendors/shared/app/response";
import type { ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";

export function createDifyAdapter(v: ChannelTypeInfo): ChannelAdapter {
  return createAppChatAdapter(v, "https://api.dify.ai", (ctx, body, { base, headers, requestId, ids }) => {
    const req: UpstreamRequest = {
      url: `${base}/v1/chat-messages`,
      headers,
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
  });
}
