import "server-only";

// Helpers shared by the OpenAI-only endpoints (responses, images, audio, rerank): these are served
// by OpenAI-format channels only, forwarded as received (model name aside) and answered as received.
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/lib/env";
import type { ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";
import { openUpstream } from "@/relay/upstream/attempt";
import type { AttemptInput } from "@/relay/kernel/endpoint";
import { upstreamText } from "@/relay/kernel/json";
import type { Json, RequestFacts } from "@/relay/kernel/format";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { Outcome } from "@/relay/kernel/outcome";
import { estimateText } from "@/relay/kernel/tokenize";
import { checkedUsage } from "@/relay/kernel/usage-check";
import { baseHeaders, readBody } from "@/relay/kernel/http-io";
import { applyParamOverride } from "@/relay/kernel/channel-transform";
import { headerOf, type UpstreamResponse } from "@/relay/kernel/upstream-body";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";

/** Refuses channels that do not speak OpenAI's API: a client error (400), never retried and never
 *  counted against the channel (any API key could otherwise get a channel auto-disabled). */
export function requireOpenAIChannel(adapter: ChannelAdapter, path: string): void {
  if ((adapter.format ?? "openai") !== "openai") throw relayError("unsupported_endpoint", { path });
}

/** Positive integer field (n, top_n) or the default. */
export function intField(v: unknown, fallback: number): number {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function modelField(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

/** A Buffer as a fetch body, without copying. */
const asBody = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength) as Uint8Array<ArrayBuffer>;

export type Multipart = { raw: Buffer; contentType: string; form: FormData; fields: Json };

/** Reads a multipart/form-data body (size-capped) and parses it for its text fields. */
export async function readMultipart(req: IncomingMessage): Promise<Multipart> {
  const contentType = String(req.headers["content-type"] ?? "");
  if (!/^multipart\/form-data/i.test(contentType))
    throw invalidRequest("Content-Type must be multipart/form-data", "invalid_content_type");
  const raw = await readBody(req, env().RELAY_MAX_BODY_MB * 1024 * 1024);
  let form: FormData;
  try {
    form = await new Request("http://relay.local", {
      method: "POST",
      headers: { "content-type": contentType },
      body: asBody(raw),
    }).formData();
  } catch {
    throw invalidRequest("Request body is not valid multipart/form-data", "invalid_multipart");
  }
  const fields: Json = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") fields[k] = v;
  return { raw, contentType, form, fields };
}

/** The multipart body to send: the client's bytes, or a rebuilt form when the channel maps the model. */
async function multipartBody(a: AttemptInput): Promise<{ body: Buffer; contentType: string }> {
  const { ctx, actx } = a;
  const contentType = String(ctx.headers["content-type"] ?? "");
  if (ctx.raw && ctx.body.model === actx.upstreamModel) return { body: ctx.raw, contentType };
  const form = await new Request("http://relay.local", {
    method: "POST",
    headers: { "content-type": contentType },
    body: ctx.raw ? asBody(ctx.raw) : "",
  }).formData();
  form.set("model", actx.upstreamModel);
  const rebuilt = new Request("http://relay.local", { method: "POST", body: form });
  return {
    body: Buffer.from(await rebuilt.arrayBuffer()),
    contentType: rebuilt.headers.get("content-type") ?? contentType,
  };
}

/** The upstream request for a JSON endpoint (model mapped, channel param override applied). */
export function jsonRequest(a: AttemptInput, extra?: Json): UpstreamRequest {
  const { ctx, adapter, actx, passThrough } = a;
  requireOpenAIChannel(adapter, ctx.path);
  let body: Json = { ...ctx.body, ...extra, model: actx.upstreamModel };
  if (!passThrough) body = applyParamOverride(body, actx.channel.paramOverride);
  return adapter.buildRequest(actx, body);
}

/** The upstream request for a multipart endpoint (raw bytes with the client's boundary). */
export async function multipartRequest(a: AttemptInput): Promise<UpstreamRequest> {
  const { ctx, adapter, actx } = a;
  requireOpenAIChannel(adapter, ctx.path);
  const r = adapter.buildRequest(actx, {});
  const { body, contentType } = await multipartBody(a);
  const accept = actx.stream ? "text/event-stream" : "application/json";
  return { ...r, body, headers: { ...r.headers, "content-type": contentType, accept } };
}

export function open(a: AttemptInput, request: UpstreamRequest) {
  return openUpstream(request, a.actx, a.res, a.options);
}

/** The facts of a call billed by its prompt: no output limit, no usage chunk asked for. */
export function promptFacts(
  model: unknown,
  promptText: string,
  { stream = false, promptTokens = estimateText(promptText) }: { stream?: boolean; promptTokens?: number } = {},
): RequestFacts {
  return { model: modelField(model), stream, clientWantsUsage: false, maxTokens: 0, promptText, promptTokens };
}

/** Usage counted here: prompt (and answer) tokens, nothing cached. */
export function countedUsage(promptTokens: number, completionTokens = 0): Usage {
  return { promptTokens, completionTokens, cachedTokens: 0 };
}

/**
 * Answers the client with a whole upstream answer as received and bills what the upstream reported,
 * or else what `count` finds (then marked estimated).
 */
export async function answerAsReceived(
  a: AttemptInput,
  answer: { text: string; contentType: string },
  firstResponseMs: number,
  reported: Usage | null,
  count: () => Promise<Usage>,
): Promise<Outcome> {
  const checked = checkedUsage(reported, a.ctx.requestId);
  const usage = checked ?? (await count());
  sendAsReceived(a.res, answer.text, answer.contentType, a.ctx.requestId);
  return { channel: a.actx.channel, upstreamModel: a.actx.upstreamModel, usage, estimated: !checked, firstResponseMs };
}

/** Reads a whole upstream answer (502 past RELAY_MAX_ANSWER_MB or when the connection fails). */
export async function readAnswer(
  up: UpstreamResponse,
  a: Pick<AttemptInput, "actx">,
): Promise<{ text: string; contentType: string }> {
  const text = await upstreamText(up, a.actx.channel.baseUrl);
  return { text, contentType: headerOf(up, "content-type") ?? "application/json" };
}

/** Answers the client with the upstream body as received. */
export function sendAsReceived(res: ServerResponse, body: string, contentType: string, requestId: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(200, {
    "content-type": contentType,
    "content-length": Buffer.byteLength(body),
    ...baseHeaders(requestId),
  });
  res.end(body);
}

export { badUpstreamBody as badBody, parseJsonObject as parseJson } from "@/relay/kernel/json";

export { headerOf };
