import "server-only";

// Channel type 49: a Coze bot through the chat v3 API (coze.cn/docs/developer_guides/chat_v3) with a
// personal access token ("Authorization: Bearer pat_…"); base URL default https://api.coze.cn (as in
// new-api; https://api.coze.com for coze.com). The bot ID is the channel's `other` field, as in
// new-api; when it is empty the upstream model name is the bot ID (one channel, several bots via the
// model mapping). Streaming: POST /v3/chat with stream=true, its events re-framed as OpenAI chunks
// (response.ts). Non-stream: create, poll, list (response-poll.ts). Chat only.
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { relayError } from "@/relay/kernel/error-codes";
import { cozeMessagesToOpenAI, cozeStreamConverter } from "@/relay/vendors/coze/response";
import { cozeCreateAndWait } from "@/relay/vendors/coze/response-poll";
import { toCozeRequest } from "@/relay/vendors/coze/request";
import { createAppChatAdapter } from "@/relay/vendors/shared/app/adapter";
import { reframeSse, type OpenAIUsage } from "@/relay/vendors/shared/app/response";
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";

const BOT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The bot ID of a request: the channel's `other`, else the upstream model name. */
export function cozeBotId(ctx: Pick<AdapterContext, "channel" | "upstreamModel">): string {
  const id = (ctx.channel.other ?? "").trim() || ctx.upstreamModel.trim();
  if (!BOT_ID.test(id))
    throw relayError("channel_config_missing", { detail: "its Coze bot ID (field 'other', or the model name)" });
  return id;
}

export function createCozeAdapter(v: ChannelTypeInfo): ChannelAdapter {
  return createAppChatAdapter(v, "https://api.coze.cn", (ctx, body, { base, headers, requestId, ids }) => {
    const text = JSON.stringify(toCozeRequest(body, cozeBotId(ctx), ctx.stream, requestId));
    const req: UpstreamRequest = { url: `${base}/v3/chat`, headers, body: text };
    if (ctx.stream)
      return {
        ...req,
        decodeStream: (up) => {
          const c = cozeStreamConverter(ids);
          return reframeSse(
            up,
            (e) => c.push(e.event, e.data),
            (head) => c.end(head),
          );
        },
      };
    let usage: OpenAIUsage | null = null;
    return {
      ...req,
      finalize: async (io) => {
        const done = await cozeCreateAndWait(base, headers, text, io);
        usage = done.usage;
        return { url: done.listUrl, method: "GET", headers: { authorization: headers.authorization }, body: "" };
      },
      decodeBody: (answer) => cozeMessagesToOpenAI(answer, ids, usage),
    };
  });
}
