import "server-only";

// Google Gemini (generativelanguage API) transport; name and default base URL come from the vendor
// catalogue (lib/channel-types.ts). {base}/{version}/models/{model}:verb with
// the version per model from gemini.version_settings. The key goes in the x-goog-api-key header,
// never in the URL (URLs end up in logs).
import { baseUrlOf } from "@/relay/vendors/shared/openai-style/adapter";
import type { ChannelAdapter } from "@/relay/kernel/adapter";
import { geminiUpstreamModel, geminiVersion } from "@/relay/vendors/gemini/request-settings";

export const createGeminiAdapter = (v: { name: string; defaultBaseUrl?: string }): ChannelAdapter => ({
  name: v.name,
  defaultBaseUrl: v.defaultBaseUrl ?? "",
  supportsStreamUsage: true,
  format: "gemini",
  buildRequest(ctx, body) {
    const model = geminiUpstreamModel(ctx.options, ctx.upstreamModel);
    const verb =
      ctx.mode === "embeddings"
        ? Array.isArray(body.requests)
          ? "batchEmbedContents"
          : "embedContent"
        : ctx.stream
          ? "streamGenerateContent?alt=sse"
          : "generateContent";
    const version = geminiVersion(ctx.options, model);
    return {
      url: `${baseUrlOf(ctx, v.defaultBaseUrl ?? "")}/${version}/models/${encodeURIComponent(model)}:${verb}`,
      headers: {
        "content-type": "application/json",
        "x-goog-api-key": ctx.key,
        accept: ctx.stream ? "text/event-stream" : "application/json",
      },
      body: JSON.stringify(body),
    };
  },
});
