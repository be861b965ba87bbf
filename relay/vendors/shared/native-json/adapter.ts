import "server-only";

// The request side of a vendor's native JSON API that maps our chat and embeddings endpoints (and
// optionally rerank, forwarded as is) onto paths of its own (Cohere v2, Ollama's /api): one JSON
// POST per call, the vendor's stream decoded into OpenAI chunks. Other endpoints are refused.
import { relayError } from "@/relay/kernel/error-codes";
import type { AdapterContext, UpstreamRequest } from "@/relay/kernel/adapter";

export type NativeJsonApi = {
  headers: Record<string, string>;
  chat: {
    path: string;
    body: (body: Record<string, unknown>, model: string, stream: boolean) => unknown;
    decodeStream: (model: string) => NonNullable<UpstreamRequest["decodeStream"]>;
  };
  embeddings: { path: string; body: (body: Record<string, unknown>, model: string) => unknown };
  /** A rerank endpoint whose request and answer are ours already. */
  rerankPath?: string;
};

export function nativeJsonRequest(
  ctx: AdapterContext,
  body: Record<string, unknown>,
  base: string,
  api: NativeJsonApi,
): UpstreamRequest {
  const model = ctx.upstreamModel;
  const { headers } = api;
  if (ctx.mode === "chat") {
    const req: UpstreamRequest = {
      url: `${base}${api.chat.path}`,
      headers,
      body: JSON.stringify(api.chat.body(body, model, ctx.stream)),
    };
    if (ctx.stream) req.decodeStream = api.chat.decodeStream(model);
    return req;
  }
  if (ctx.mode === "embeddings")
    return { url: `${base}${api.embeddings.path}`, headers, body: JSON.stringify(api.embeddings.body(body, model)) };
  if (ctx.mode === "rerank" && api.rerankPath)
    return { url: `${base}${api.rerankPath}`, headers, body: JSON.stringify(body) };
  throw relayError("unsupported_endpoint", { path: ctx.path });
}
