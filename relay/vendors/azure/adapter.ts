import "server-only";

// Channel type 3: Azure OpenAI. {base}/openai/deployments/{deployment}/{task}?api-version=...,
// key in the `api-key` header; the deployment is the (mapped) model name. The API version comes from
// the channel's "other" field, else AZURE_DEFAULT_API_VERSION.
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { baseUrlOf } from "@/relay/vendors/shared/openai-style/adapter";
import type { ChannelAdapter, RelayMode } from "@/relay/kernel/adapter";
import { relayError } from "@/relay/kernel/error-codes";

export const AZURE_DEFAULT_API_VERSION = "2025-04-01-preview";

const TASK: Partial<Record<RelayMode, string>> = {
  chat: "chat/completions",
  completions: "completions",
  embeddings: "embeddings",
  moderations: "moderations",
  images: "images/generations",
  "image-edits": "images/edits",
  speech: "audio/speech",
  transcriptions: "audio/transcriptions",
  translations: "audio/translations",
};

/** Channels created before 2025-05-10 used deployment names without dots (new-api behaviour). */
const DOTLESS_BEFORE = Date.UTC(2025, 4, 10) / 1000;

/** The channel's API version (its "other" field), else AZURE_DEFAULT_API_VERSION; realtime uses it too. */
export const azureApiVersion = (channel: CachedChannel): string => channel.other.trim() || AZURE_DEFAULT_API_VERSION;

/** The deployment a (mapped) model names on this channel: without dots on channels made before 2025-05-10. */
export const azureDeployment = (channel: CachedChannel, upstreamModel: string): string =>
  channel.createdTime > 0 && channel.createdTime < DOTLESS_BEFORE ? upstreamModel.replaceAll(".", "") : upstreamModel;

export const azureAdapter: ChannelAdapter = {
  name: "Azure OpenAI",
  defaultBaseUrl: "",
  supportsStreamUsage: true,
  buildRequest(ctx, body) {
    const version = azureApiVersion(ctx.channel);
    const deployment = azureDeployment(ctx.channel, ctx.upstreamModel);
    if (ctx.mode === "responses" || ctx.mode === "responses-compact") {
      // The Responses API lives outside the deployments tree (model in the body).
      const task = ctx.mode === "responses" ? "responses" : "responses/compact";
      return {
        url: `${baseUrlOf(ctx, "")}/openai/v1/${task}?api-version=preview`,
        headers: {
          "content-type": "application/json",
          "api-key": ctx.key,
          accept: ctx.stream ? "text/event-stream" : "application/json",
        },
        body: JSON.stringify(body),
      };
    }
    const task = TASK[ctx.mode];
    if (!task) throw relayError("azure_unsupported_endpoint", { path: ctx.path });
    const url = `${baseUrlOf(ctx, "")}/openai/deployments/${encodeURIComponent(deployment)}/${task}?api-version=${encodeURIComponent(version)}`;
    return {
      url,
      headers: {
        "content-type": "application/json",
        "api-key": ctx.key,
        accept: ctx.stream ? "text/event-stream" : "application/json",
      },
      body: JSON.stringify(body),
    };
  },
};
