import "server-only";

// Channel type 41: Google Vertex AI (cloud.google.com/vertex-ai/generative-ai/docs/reference/rest).
// Gemini: POST {base}/v1/projects/{p}/locations/{r}/publishers/google/models/{m}:generateContent
// (or :streamGenerateContent?alt=sse), Gemini dialect. Claude: .../publishers/anthropic/models/{m}:rawPredict
// (or :streamRawPredict), Anthropic Messages with anthropic_version "vertex-2023-10-16" and no model.
// Auth: Bearer access token from the service-account key (adapter-token.ts). Project: the key's project_id;
// region: the channel's `other` (a region, or JSON {"default": r, "<model>": r}), default "global".
// Base URL defaults to https://{region}-aiplatform.googleapis.com (aiplatform.googleapis.com for global).
import type { ChannelTypeInfo, WireFormat } from "@/lib/channel-types";
import { relayError } from "@/relay/kernel/error-codes";
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";
import { parseServiceAccount, vertexAccessToken } from "@/relay/vendors/vertex/adapter-token";
import { ownValue, parseJsonMap } from "@/lib/own-keys";

export const VERTEX_ANTHROPIC_VERSION = "vertex-2023-10-16";
const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const vertexFormatOf = (model: string): WireFormat => (model.startsWith("claude") ? "claude" : "gemini");

/** The region for a model from the channel's `other` field. */
export function vertexRegion(other: string, model: string): string {
  const s = other.trim();
  if (!s.startsWith("{")) return s || "global";
  try {
    const m = parseJsonMap<Record<string, unknown> | null>(s);
    const r = ownValue(m, model) ?? ownValue(m, "default");
    return typeof r === "string" && r ? r : "global";
  } catch {
    return "global";
  }
}

function vertexUrl(ctx: AdapterContext, project: string, region: string): string {
  const model = ctx.upstreamModel;
  const claude = vertexFormatOf(model) === "claude";
  const verb = claude
    ? ctx.stream
      ? "streamRawPredict"
      : "rawPredict"
    : ctx.stream
      ? "streamGenerateContent?alt=sse"
      : "generateContent";
  const host =
    region === "global" ? "https://aiplatform.googleapis.com" : `https://${region}-aiplatform.googleapis.com`;
  const base = (ctx.channel.baseUrl || host).replace(/\/+$/, "");
  const publisher = claude ? "anthropic" : "google";
  return `${base}/v1/projects/${project}/locations/${region}/publishers/${publisher}/models/${encodeURIComponent(model)}:${verb}`;
}

export function createVertexAdapter(v: ChannelTypeInfo): ChannelAdapter {
  return {
    name: v.name,
    defaultBaseUrl: "",
    supportsStreamUsage: true,
    format: "gemini",
    formatOf: vertexFormatOf,
    buildRequest(ctx, body): UpstreamRequest {
      if (ctx.mode !== "chat") throw relayError("unsupported_endpoint", { path: ctx.path });
      const sa = parseServiceAccount(ctx.key);
      const project = sa.project_id ?? "";
      const region = vertexRegion(ctx.channel.other ?? "", ctx.upstreamModel);
      if (!NAME.test(project) || !NAME.test(region))
        throw relayError("channel_config_missing", { detail: "a Vertex project_id (in the key) and a region" });
      let payload: Record<string, unknown> = body;
      if (vertexFormatOf(ctx.upstreamModel) === "claude") {
        const { model: _model, ...rest } = body;
        payload = { ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION };
      }
      const url = vertexUrl(ctx, project, region);
      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: ctx.stream ? "text/event-stream" : "application/json",
      };
      const text = JSON.stringify(payload);
      return {
        url,
        headers,
        body: text,
        finalize: async (io) => ({
          url,
          body: text,
          headers: { ...headers, authorization: `Bearer ${await vertexAccessToken(sa, io)}` },
        }),
      };
    },
  };
}
