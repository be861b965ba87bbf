import "server-only";

// Channel type 17: Alibaba DashScope (Model Studio). Chat, embeddings and models go through its
// OpenAI-compatible mode ({base}/compatible-mode/v1/..., the catalogue's pathMap). Rerank has no
// compatible-mode route, so /v1/rerank is sent to the native text-rerank service
// (help.aliyun.com/zh/model-studio/text-rerank-api):
//   POST {base}/api/v1/services/rerank/text-rerank/text-rerank, Bearer key,
//   {model, input: {query, documents}, parameters: {top_n, return_documents}}
// and its answer {output: {results: [{index, relevance_score, document: {text}}]}, usage: {total_tokens},
// request_id} is rewritten into the Jina/Cohere shape our /v1/rerank answers
// ({id, model, results, usage: {prompt_tokens, total_tokens}}), so billing reads the reported tokens.
import { vendorPath, type ChannelTypeInfo } from "@/lib/channel-types";
import { baseUrlOf, createOpenAICompatibleAdapter } from "@/relay/vendors/shared/openai-style/adapter";
import type { Json } from "@/relay/kernel/format";
import type { ChannelAdapter } from "@/relay/kernel/adapter";

export const DASHSCOPE_RERANK_PATH = "/api/v1/services/rerank/text-rerank/text-rerank";

/** Our /v1/rerank body -> DashScope's native text-rerank body. */
export function dashscopeRerankBody(body: Json): Json {
  const parameters: Json = {};
  if (typeof body.top_n === "number") parameters.top_n = body.top_n;
  if (typeof body.return_documents === "boolean") parameters.return_documents = body.return_documents;
  if (typeof body.instruct === "string") parameters.instruct = body.instruct;
  return {
    model: body.model,
    input: { query: body.query, documents: body.documents },
    ...(Object.keys(parameters).length ? { parameters } : {}),
  };
}

/** DashScope's text-rerank answer -> our /v1/rerank answer (throws on a body that is not one). */
export function dashscopeRerankAnswer(text: string, model: string): string {
  const j = JSON.parse(text) as {
    output?: { results?: unknown };
    usage?: { total_tokens?: unknown };
    request_id?: unknown;
  };
  if (!j || typeof j !== "object" || !Array.isArray(j.output?.results))
    throw new Error("DashScope rerank: answer has no output.results");
  const tokens = typeof j.usage?.total_tokens === "number" ? j.usage.total_tokens : 0;
  return JSON.stringify({
    id: typeof j.request_id === "string" ? j.request_id : undefined,
    model,
    results: j.output.results,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

export function createDashScopeAdapter(v: ChannelTypeInfo): ChannelAdapter {
  const defaultBaseUrl = v.defaultBaseUrl ?? "https://dashscope.aliyuncs.com";
  const openai = createOpenAICompatibleAdapter({
    name: v.name,
    defaultBaseUrl,
    excludeParams: v.excludeParams,
    mapPath: (p) => vendorPath(v, p),
  });
  return {
    ...openai,
    buildRequest(ctx, body) {
      if (ctx.mode !== "rerank") return openai.buildRequest(ctx, body);
      const req = openai.buildRequest(ctx, dashscopeRerankBody(body));
      const model = typeof body.model === "string" ? body.model : ctx.upstreamModel;
      return {
        ...req,
        url: `${baseUrlOf(ctx, defaultBaseUrl)}${DASHSCOPE_RERANK_PATH}`,
        decodeBody: (text) => dashscopeRerankAnswer(text, model),
      };
    },
  };
}
