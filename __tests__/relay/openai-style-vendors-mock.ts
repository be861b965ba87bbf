// One loopback mock for the OpenAI-style vendors of issue 20 (openai-style-vendors.test.ts). Each vendor
// lives under its own prefix (the channel's base URL is `${url}/<vendor>`); under it the mock checks what
// the real service checks: the exact documented path, `Authorization: Bearer <the channel key>` (any other
// credential, the user's token included, is refused the vendor's way), the required body fields, and the
// vendor's own limits. It answers in the vendor's response shape, with its way of reporting stream usage:
//   include_usage: a last chunk with `choices: []` and usage, only when stream_options.include_usage
//                  (DashScope "流式输出", Qianfan v2, Volcengine Ark, Hunyuan and Cloudflare's OpenAI modes);
//   last-chunk:    usage on the final content chunk, always (Zhipu v4, MiniMax);
//   in-choice:     usage inside the final chunk's choices[0] (Moonshot/Kimi).
import http from "node:http";
import { jsonBodyServer, listenLoopback, sendJson } from "../../test-support/upstream/loopback";

export type StreamUsage = "include_usage" | "last-chunk" | "in-choice";
export type Vendor = {
  type: number;
  key: string;
  model: string;
  /** Client-visible path -> the vendor's path (under the vendor prefix). */
  chat: string;
  embeddings?: string;
  embedModel?: string;
  images?: string;
  imageModel?: string;
  rerank?: string;
  rerankModel?: string;
  /** Cloudflare: the key is "AccountID|APIToken", the mock wants only the token. */
  bearer?: string;
  streamUsage: StreamUsage;
  usage: { prompt: number; completion: number };
};

export const CF_ACCOUNT = "a1b2c3d4e5";
const CF = `/client/v4/accounts/${CF_ACCOUNT}/ai/v1`;

export const VENDORS: Record<string, Vendor> = {
  zhipu: {
    type: 26,
    key: "zhipu-key.secret",
    model: "glm-4-flash",
    chat: "/api/paas/v4/chat/completions",
    embeddings: "/api/paas/v4/embeddings",
    embedModel: "embedding-3",
    images: "/api/paas/v4/images/generations",
    imageModel: "cogview-4",
    rerank: "/api/paas/v4/rerank",
    rerankModel: "rerank",
    streamUsage: "last-chunk",
    usage: { prompt: 11, completion: 5 },
  },
  qianfan: {
    type: 46,
    key: "bce-v3/ALTAK-test/0123456789abcdef",
    model: "ernie-4.0-turbo-8k",
    chat: "/v2/chat/completions",
    embeddings: "/v2/embeddings",
    embedModel: "embedding-v1",
    rerank: "/v2/rerankers",
    rerankModel: "bce-reranker-base",
    streamUsage: "include_usage",
    usage: { prompt: 12, completion: 6 },
  },
  dashscope: {
    type: 17,
    key: "sk-dashscope",
    model: "qwen-plus",
    chat: "/compatible-mode/v1/chat/completions",
    embeddings: "/compatible-mode/v1/embeddings",
    embedModel: "text-embedding-v3",
    rerank: "/api/v1/services/rerank/text-rerank/text-rerank",
    rerankModel: "gte-rerank-v2",
    streamUsage: "include_usage",
    usage: { prompt: 13, completion: 7 },
  },
  ark: {
    type: 45,
    key: "ark-api-key",
    model: "doubao-pro-32k",
    chat: "/api/v3/chat/completions",
    embeddings: "/api/v3/embeddings",
    embedModel: "doubao-embedding",
    images: "/api/v3/images/generations",
    imageModel: "doubao-seedream-4-0-250828",
    streamUsage: "include_usage",
    usage: { prompt: 14, completion: 8 },
  },
  hunyuan: {
    type: 23,
    key: "hunyuan-key",
    model: "hunyuan-lite",
    chat: "/v1/chat/completions",
    embeddings: "/v1/embeddings",
    embedModel: "hunyuan-embedding",
    streamUsage: "include_usage",
    usage: { prompt: 15, completion: 9 },
  },
  minimax: {
    type: 35,
    key: "minimax-key",
    model: "MiniMax-Text-01",
    chat: "/v1/chat/completions",
    streamUsage: "last-chunk",
    usage: { prompt: 16, completion: 10 },
  },
  moonshot: {
    type: 25,
    key: "sk-moonshot",
    model: "moonshot-v1-8k",
    chat: "/v1/chat/completions",
    streamUsage: "in-choice",
    usage: { prompt: 17, completion: 11 },
  },
  cloudflare: {
    type: 39,
    key: `${CF_ACCOUNT}|cf-api-token`,
    bearer: "cf-api-token",
    model: "@cf/meta/llama-3.1-8b-instruct",
    chat: `${CF}/chat/completions`,
    embeddings: `${CF}/embeddings`,
    embedModel: "@cf/baai/bge-large-en-v1.5",
    streamUsage: "include_usage",
    usage: { prompt: 18, completion: 12 },
  },
};

export type Seen = { vendor: string; path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

const chunk = (model: string, choice: object, extra: object = {}) => ({
  id: "chatcmpl-mock",
  object: "chat.completion.chunk",
  created: 1700000000,
  model,
  choices: [{ index: 0, ...choice }],
  ...extra,
});

function usageOf(v: Vendor) {
  const { prompt, completion } = v.usage;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function streamChat(v: Vendor, body: Record<string, unknown>, res: http.ServerResponse) {
  const model = String(body.model);
  const usage = usageOf(v);
  const frames: object[] = [
    chunk(model, { delta: { role: "assistant", content: "Hello " }, finish_reason: null }),
    chunk(model, { delta: { content: "stream." }, finish_reason: null }),
  ];
  const wants = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  if (v.streamUsage === "last-chunk") frames.push(chunk(model, { delta: {}, finish_reason: "stop" }, { usage }));
  else if (v.streamUsage === "in-choice") frames.push(chunk(model, { delta: {}, finish_reason: "stop", usage }));
  else {
    frames.push(chunk(model, { delta: {}, finish_reason: "stop" }));
    if (wants) frames.push({ ...chunk(model, {}), choices: [], usage });
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.end(frames.map((f) => `data: ${JSON.stringify(f)}\n\n`).join("") + "data: [DONE]\n\n");
}

function chat(name: string, v: Vendor, body: Record<string, unknown>, res: http.ServerResponse) {
  const messages = body.messages as { role?: unknown; content?: unknown }[] | undefined;
  if (!Array.isArray(messages) || !messages.length || messages.some((m) => typeof m.role !== "string"))
    return refuse(name, res, 400, "messages must be a non-empty array of role/content objects");
  // Kimi (platform.kimi.com "模型参数参考"): n is at most 5, and must be 1 when temperature is ~0.
  if (name === "moonshot" && typeof body.n === "number" && (body.n > 5 || (body.n > 1 && body.temperature === 0)))
    return refuse(name, res, 400, "invalid n: at most 5, and 1 when temperature is 0");
  if (body.stream === true) return streamChat(v, body, res);
  sendJson(res, 200, {
    id: "chatcmpl-mock",
    object: "chat.completion",
    created: 1700000000,
    model: body.model,
    choices: [{ index: 0, message: { role: "assistant", content: `Hello from ${name}.` }, finish_reason: "stop" }],
    usage: usageOf(v),
  });
}

function embeddings(name: string, body: Record<string, unknown>, res: http.ServerResponse) {
  const input = typeof body.input === "string" ? [body.input] : body.input;
  if (!Array.isArray(input) || !input.length || input.some((s) => typeof s !== "string" || !s))
    return refuse(name, res, 400, "input must be a non-empty string or array of strings");
  sendJson(res, 200, {
    object: "list",
    model: body.model,
    data: input.map((_, index) => ({ object: "embedding", index, embedding: [0.1, 0.2, 0.3] })),
    usage: { prompt_tokens: 4 * input.length, total_tokens: 4 * input.length },
  });
}

function images(name: string, body: Record<string, unknown>, res: http.ServerResponse) {
  if (typeof body.prompt !== "string" || !body.prompt) return refuse(name, res, 400, "prompt is required");
  if (name === "zhipu")
    return sendJson(res, 200, { created: 1700000000, data: [{ url: "https://img.example/zhipu.png" }] });
  // Seedream: one image per call unless sequential generation; usage counts images and output tokens.
  sendJson(res, 200, {
    model: body.model,
    created: 1700000000,
    data: [{ url: "https://img.example/ark.jpeg", size: "2048x2048" }],
    usage: { generated_images: 1, output_tokens: 16384, total_tokens: 16384 },
  });
}

/** Each vendor's documented rerank limits and answer. */
function rerank(name: string, body: Record<string, unknown>, res: http.ServerResponse) {
  const native = name === "dashscope";
  const input = (native ? body.input : body) as { query?: unknown; documents?: unknown } | undefined;
  const docs = input?.documents;
  if (typeof input?.query !== "string" || !Array.isArray(docs) || !docs.length)
    return refuse(name, res, 400, "query and documents are required");
  if (docs.some((d) => typeof d !== "string" || !d))
    return refuse(name, res, 400, "documents must be non-empty strings");
  const max = { qianfan: 64, zhipu: 128, dashscope: 500 }[name] ?? 0;
  if (docs.length > max) return refuse(name, res, 400, `at most ${max} documents`);
  const results = docs.map((d, index) => ({ index, relevance_score: 1 / (index + 2), document: d }));
  if (native)
    return sendJson(res, 200, {
      output: { results: results.map((r) => ({ ...r, document: { text: r.document } })) },
      usage: { total_tokens: 21 },
      request_id: "ds-req-1",
    });
  sendJson(res, 200, {
    id: "rr-1",
    object: name === "qianfan" ? "reranker_list" : undefined,
    created: 1700000000,
    results,
    usage: { prompt_tokens: 19, total_tokens: 19 },
  });
}

/** The vendor's error shape for a refused call. */
function refuse(name: string, res: http.ServerResponse, status: number, message: string) {
  if (name === "dashscope" && status !== 401)
    return sendJson(res, status, { code: "InvalidParameter", message, request_id: "ds-err" });
  if (name === "cloudflare")
    return sendJson(res, status, { success: false, errors: [{ code: 7000 + status, message }], result: null });
  sendJson(res, status, { error: { message, type: "invalid_request_error", code: String(status) } });
}

export async function startVendorsMock() {
  const seen: Seen[] = [];
  const server = jsonBodyServer((req, body, res) => {
    const [, name = "", ...rest] = (req.url ?? "").split("/");
    const path = `/${rest.join("/")}`;
    const v = VENDORS[name];
    if (!v) return sendJson(res, 404, { error: { message: `no vendor ${name}` } });
    seen.push({ vendor: name, path, headers: req.headers, body });
    if (req.method !== "POST" || req.headers["content-type"] !== "application/json")
      return refuse(name, res, 400, "POST application/json expected");
    if (req.headers.authorization !== `Bearer ${v.bearer ?? v.key}`) return refuse(name, res, 401, "invalid api key");
    const model = typeof body.model === "string" ? body.model : "";
    if (path === v.chat && model === v.model) return chat(name, v, body, res);
    if (path === v.embeddings && model === v.embedModel) return embeddings(name, body, res);
    if (path === v.images && model === v.imageModel) return images(name, body, res);
    if (path === v.rerank && model === v.rerankModel) return rerank(name, body, res);
    refuse(name, res, 404, `unknown path or model: ${path} ${model}`);
  });
  const { url, close } = await listenLoopback(server);
  return { url, close, seen, last: (vendor: string) => seen.filter((s) => s.vendor === vendor).at(-1)! };
}
