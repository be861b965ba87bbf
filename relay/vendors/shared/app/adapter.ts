import "server-only";

// The adapter skeleton of a chat "app" platform (Dify, Coze): chat only, a Bearer JSON request to the
// channel's base URL, no stream usage from the platform, and the ids of the OpenAI answer the
// platform's messages are re-framed into (response.ts). Each platform builds its own request.
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { relayError } from "@/relay/kernel/error-codes";
import { baseUrlOf } from "@/relay/vendors/shared/openai-style/adapter";
import { appCallIds, type AnswerIds } from "@/relay/vendors/shared/app/response";
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";

export type AppCall = {
  base: string;
  headers: { "content-type": string; authorization: string; accept: string };
  /** The platform's own id of this call (its `user` / `user_id`). */
  requestId: string;
  ids: AnswerIds;
};

export function createAppChatAdapter(
  v: ChannelTypeInfo,
  fallbackBaseUrl: string,
  build: (ctx: AdapterContext, body: Record<string, unknown>, call: AppCall) => UpstreamRequest,
): ChannelAdapter {
  const defaultBaseUrl = v.defaultBaseUrl ?? fallbackBaseUrl;
  return {
    name: v.name,
    defaultBaseUrl,
    supportsStreamUsage: false,
    chatOnly: true,
    buildRequest(ctx, body): UpstreamRequest {
      if (ctx.mode !== "chat") throw relayError("unsupported_endpoint", { path: ctx.path });
      const headers = {
        "content-type": "application/json",
        authorization: `Bearer ${ctx.key}`,
        accept: ctx.stream ? "text/event-stream" : "application/json",
      };
      return build(ctx, body, { base: baseUrlOf(ctx, defaultBaseUrl), headers, ...appCallIds(ctx.upstreamModel) });
    },
  };
}
