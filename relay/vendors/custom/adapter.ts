import "server-only";

// Channel type 8: custom. The base URL is the full upstream URL; "{model}" is replaced by the model.
import type { ChannelAdapter } from "@/relay/kernel/adapter";

export const customAdapter: ChannelAdapter = {
  name: "Custom",
  defaultBaseUrl: "",
  supportsStreamUsage: true,
  buildRequest(ctx, body) {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      authorization: `Bearer ${ctx.key}`,
      accept: ctx.stream ? "text/event-stream" : "application/json",
    };
    const url = ctx.channel.baseUrl.replaceAll("{model}", encodeURIComponent(ctx.upstreamModel));
    return { url, headers, body: JSON.stringify(body) };
  },
};
