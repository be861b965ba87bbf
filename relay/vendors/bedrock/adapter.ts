import "server-only";

// Channel type 33: AWS Bedrock (docs.aws.amazon.com/bedrock/latest/APIReference/).
// Claude models (`anthropic.…` ids and inference profiles, `claude…`) go through InvokeModel:
// POST {base}/model/{modelId}/invoke, or /invoke-with-response-stream (AWS event-stream framing),
// body = Anthropic Messages with anthropic_version "bedrock-2023-05-31" and no model/stream field
// (betas go in the body as anthropic_beta). Every other model (Llama, Mistral, Nova, DeepSeek, Cohere,
// ...), and Claude too when the channel setting says {"bedrock_api": "converse"}, goes through
// Converse: POST {base}/model/{modelId}/converse or /converse-stream, an OpenAI chat request
// converted by converse-request.ts and answered back by converse-response.ts. Base URL defaults to
// https://bedrock-runtime.{region}.amazonaws.com. Keys and regions: adapter-credentials.ts (SigV4 with
// aws4fetch, service "bedrock", session token signed; or a Bedrock API key as Bearer).
import { allowedClientBetas } from "@/relay/vendors/anthropic/adapter-betas";
import { AwsV4Signer } from "aws4fetch";
import type { ChannelTypeInfo, WireFormat } from "@/lib/channel-types";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { relayError } from "@/relay/kernel/error-codes";
import { converseBody } from "@/relay/vendors/bedrock/request-converse";
import { converseEventsToSse, converseToOpenAI } from "@/relay/vendors/bedrock/response-converse";
import { bedrockCredentials, channelRegion } from "@/relay/vendors/bedrock/adapter-credentials";
import { bedrockEventsToSse } from "@/relay/vendors/bedrock/stream";
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";

export { bedrockCredentials, type BedrockCredentials } from "@/relay/vendors/bedrock/adapter-credentials";

export const BEDROCK_ANTHROPIC_VERSION = "bedrock-2023-05-31";

/** Whether a model goes through InvokeModel (Claude, unless the channel asks for Converse). */
export function usesInvokeModel(model: string, channel?: Pick<CachedChannel, "setting">): boolean {
  if (channel?.setting?.bedrock_api === "converse") return false;
  return /anthropic\.|^claude/i.test(model);
}

export const bedrockFormatOf = (model: string, channel?: Pick<CachedChannel, "setting">): WireFormat =>
  usesInvokeModel(model, channel) ? "claude" : "openai";

/** The client's anthropic-beta values on the allow-list (anthropic/adapter-betas.ts: no paid betas). */
function betas(ctx: AdapterContext): string[] {
  return allowedClientBetas(ctx.clientHeaders?.["anthropic-beta"]);
}

/** The InvokeModel body: the Messages request without model/stream, with Bedrock's version. */
export function bedrockBody(ctx: AdapterContext, body: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, stream: _stream, ...rest } = body;
  const out: Record<string, unknown> = { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest };
  out.anthropic_version = BEDROCK_ANTHROPIC_VERSION;
  const b = betas(ctx);
  if (b.length && !out.anthropic_beta) out.anthropic_beta = b;
  return out;
}

export function createBedrockAdapter(v: ChannelTypeInfo): ChannelAdapter {
  return {
    name: v.name,
    defaultBaseUrl: "",
    supportsStreamUsage: true,
    format: "claude",
    formatOf: bedrockFormatOf,
    buildRequest(ctx, body): UpstreamRequest {
      const channel = ctx.channel;
      const cred = bedrockCredentials(ctx.key, channelRegion(channel.setting, channel.other ?? ""));
      const invoke = usesInvokeModel(ctx.upstreamModel, channel);
      if (!invoke && ctx.mode !== "chat") throw relayError("unsupported_endpoint", { path: ctx.path });
      const base = (channel.baseUrl || `https://bedrock-runtime.${cred.region}.amazonaws.com`).replace(/\/+$/, "");
      const verb = invoke
        ? ctx.stream
          ? "invoke-with-response-stream"
          : "invoke"
        : ctx.stream
          ? "converse-stream"
          : "converse";
      const url = `${base}/model/${encodeURIComponent(ctx.upstreamModel)}/${verb}`;
      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: ctx.stream ? "application/vnd.amazon.eventstream" : "application/json",
      };
      const text = JSON.stringify(invoke ? bedrockBody(ctx, body) : converseBody(body));
      const req: UpstreamRequest = { url, headers, body: text };
      if (ctx.stream) req.decodeStream = invoke ? bedrockEventsToSse : converseEventsToSse(ctx.upstreamModel);
      if (cred.kind === "apikey") return { ...req, headers: { ...headers, authorization: `Bearer ${cred.apiKey}` } };
      req.finalize = async () => {
        const signed = await new AwsV4Signer({
          url,
          method: "POST",
          headers,
          body: text,
          accessKeyId: cred.accessKeyId,
          secretAccessKey: cred.secretAccessKey,
          sessionToken: cred.sessionToken,
          region: cred.region,
          service: "bedrock",
        }).sign();
        return { url, body: text, headers: Object.fromEntries(signed.headers.entries()) };
      };
      return req;
    },
    // Converse JSON -> OpenAI (InvokeModel answers are Anthropic JSON, read by the Claude dialect).
    convertResponse: (json, ctx) =>
      usesInvokeModel(ctx.upstreamModel, ctx.channel) ? json : converseToOpenAI(json, ctx.upstreamModel),
  };
}
