import "server-only";

// Channel type 33: Claude on AWS Bedrock through InvokeModel
// (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html):
// POST {base}/model/{modelId}/invoke, or /invoke-with-response-stream (AWS event-stream framing),
// body = Anthropic Messages with anthropic_version "bedrock-2023-05-31" and no model/stream field
// (the model is in the path; betas go in the body as anthropic_beta). Base URL defaults to
// https://bedrock-runtime.{region}.amazonaws.com. Keys: "AccessKey|SecretKey|Region" (SigV4 with
// aws4fetch, service "bedrock"), or "BedrockAPIKey|Region" (Bearer); the region may instead be the
// channel's `other` field.
import { AwsV4Signer } from "aws4fetch";
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { relayError } from "@/lib/server/relay/error-codes";
import { bedrockEventsToSse } from "@/lib/server/relay/vendors/bedrock/sse";
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/lib/server/relay/vendors/types";

export const BEDROCK_ANTHROPIC_VERSION = "bedrock-2023-05-31";

export type BedrockCredentials =
  | { kind: "sigv4"; accessKeyId: string; secretAccessKey: string; region: string }
  | { kind: "apikey"; apiKey: string; region: string };

const REGION = /^[a-z]{2}(-[a-z0-9]+){1,4}$/;

/** The credentials of a channel key ("AK|SK|region" or "APIKey|region"; region else from `other`). */
export function bedrockCredentials(key: string, other: string): BedrockCredentials {
  const parts = key.split("|").map((p) => p.trim());
  const [a = "", b = "", r = ""] = parts;
  const fallback = other.trim();
  let c: BedrockCredentials;
  if (parts.length >= 3) c = { kind: "sigv4", accessKeyId: a, secretAccessKey: b, region: r };
  else if (parts.length === 2 && REGION.test(b)) c = { kind: "apikey", apiKey: a, region: b };
  else if (parts.length === 2) c = { kind: "sigv4", accessKeyId: a, secretAccessKey: b, region: fallback };
  else c = { kind: "apikey", apiKey: a, region: fallback };
  if (!REGION.test(c.region) || (c.kind === "sigv4" ? !c.accessKeyId || !c.secretAccessKey : !c.apiKey))
    throw relayError("channel_config_missing", {
      detail: "its AWS credentials (key AccessKey|SecretKey|Region, or BedrockAPIKey|Region)",
    });
  return c;
}

function betas(ctx: AdapterContext): string[] {
  const v = ctx.clientHeaders?.["anthropic-beta"];
  const s = Array.isArray(v) ? v.join(",") : (v ?? "");
  return [
    ...new Set(
      s
        .split(",")
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  ];
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
    buildRequest(ctx, body): UpstreamRequest {
      const cred = bedrockCredentials(ctx.key, ctx.channel.other ?? "");
      const base = (ctx.channel.baseUrl || `https://bedrock-runtime.${cred.region}.amazonaws.com`).replace(/\/+$/, "");
      const verb = ctx.stream ? "invoke-with-response-stream" : "invoke";
      const url = `${base}/model/${encodeURIComponent(ctx.upstreamModel)}/${verb}`;
      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: ctx.stream ? "application/vnd.amazon.eventstream" : "application/json",
      };
      const text = JSON.stringify(bedrockBody(ctx, body));
      const req: UpstreamRequest = { url, headers, body: text };
      if (ctx.stream) req.decodeStream = bedrockEventsToSse;
      if (cred.kind === "apikey") return { ...req, headers: { ...headers, authorization: `Bearer ${cred.apiKey}` } };
      req.finalize = async () => {
        const signed = await new AwsV4Signer({
          url,
          method: "POST",
          headers,
          body: text,
          accessKeyId: cred.accessKeyId,
          secretAccessKey: cred.secretAccessKey,
          region: cred.region,
          service: "bedrock",
        }).sign();
        return { url, body: text, headers: Object.fromEntries(signed.headers.entries()) };
      };
      return req;
    },
  };
}
