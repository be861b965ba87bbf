// The vendor catalogue: the ONE table of channel types, read by the relay (adapter registry,
// lib/server/relay/vendors), the console services (balance, fetch models, known models) and the
// console forms (type picker, key format hint, model suggestions, base URL placeholder, field hints).
// Client-importable: data only. Adding an OpenAI-compatible vendor = one entry with transport
// "openai"; a new dialect = a folder under lib/server/relay/vendors. Names are vendor brand names;
// the few generic ones are translated by the UI (channels.type_names.<id>). Numbers follow new-api
// so existing data and scripts keep their meaning.

import { CLAUDE_MODELS, GEMINI_MODELS, MJ_BASIC, MJ_PLUS, OPENAI_MODELS } from "@/lib/default-models";

import type { VendorEntry } from "@/lib/channel-type-shape";

export type {
  BalanceApi,
  FormHints,
  ModelsApi,
  VendorEntry,
  TaskPlatform,
  VendorTransport,
  WireFormat,
} from "@/lib/channel-type-shape";

export type ChannelTypeInfo = VendorEntry & {
  /** The relay serves this type (it has a transport). */
  relayed: boolean;
};

const ENTRIES: VendorEntry[] = [
  {
    id: 1,
    name: "OpenAI",
    models: OPENAI_MODELS,
    baseUrlPlaceholder: "https://api.openai.com",
    transport: "openai",
    defaultBaseUrl: "https://api.openai.com",
    balance: "openai",
    modelsApi: "openai",
    form: { organization: true },
  },
  {
    id: 2,
    name: "Midjourney Proxy",
    models: MJ_BASIC,
    baseUrlPlaceholder: "https://mj.example.com",
    transport: "midjourney",
  },
  {
    id: 5,
    name: "Midjourney Proxy Plus",
    models: MJ_PLUS,
    baseUrlPlaceholder: "https://mj.example.com",
    transport: "midjourney",
  },
  { id: 36, name: "Suno API", models: ["suno_music", "suno_lyrics"], transport: "suno" },
  {
    id: 3,
    name: "Azure OpenAI",
    keyFormat: "AZURE_OPENAI_API_KEY",
    models: ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-35-turbo", "text-embedding-3-small"],
    baseUrlPlaceholder: "https://docs-test-001.openai.azure.com",
    transport: "azure",
    defaultBaseUrl: "",
    form: { other: "api_version" },
  },
  {
    id: 8,
    name: "Custom",
    models: ["gpt-4o-mini"],
    baseUrlPlaceholder: "https://api.example.com/v1/chat/completions",
    transport: "custom",
    defaultBaseUrl: "",
    form: { fullUrl: true },
  },
  {
    id: 43,
    name: "DeepSeek",
    models: ["deepseek-chat", "deepseek-reasoner"],
    transport: "openai",
    defaultBaseUrl: "https://api.deepseek.com",
    modelsApi: "openai",
    excludeParams: ["logit_bias", "service_tier"],
    balance: "deepseek",
  },
  {
    id: 14,
    name: "Anthropic Claude",
    models: CLAUDE_MODELS,
    baseUrlPlaceholder: "https://api.anthropic.com",
    transport: "anthropic",
    format: "claude",
    defaultBaseUrl: "https://api.anthropic.com",
    modelsApi: "anthropic",
  },
  {
    // Claude through Bedrock InvokeModel; base URL defaults to https://bedrock-runtime.{region}.amazonaws.com.
    id: 33,
    name: "AWS Claude",
    keyFormat: "AccessKey|SecretAccessKey|Region (or BedrockAPIKey|Region)",
    models: CLAUDE_MODELS,
    baseUrlPlaceholder: "https://bedrock-runtime.us-east-1.amazonaws.com",
    transport: "bedrock",
    format: "claude",
    defaultBaseUrl: "",
    form: { other: "region" },
  },
  {
    id: 41,
    name: "Vertex AI",
    keyFormat: "JSON",
    models: [...GEMINI_MODELS, ...CLAUDE_MODELS],
    singleKeyOnly: true,
    // Gemini and Claude on Vertex; the service-account key is exchanged for an OAuth token.
    transport: "vertex",
    format: "gemini",
    defaultBaseUrl: "",
    baseUrlPlaceholder: "https://us-central1-aiplatform.googleapis.com",
    form: { other: "region" },
  },
  {
    id: 24,
    name: "Google Gemini",
    models: GEMINI_MODELS,
    transport: "gemini",
    format: "gemini",
    defaultBaseUrl: "https://generativelanguage.googleapis.com",
    modelsApi: "gemini",
  },
  {
    id: 4,
    name: "Ollama",
    models: ["llama3.1", "qwen2.5"],
    baseUrlPlaceholder: "http://localhost:11434",
    transport: "openai",
    defaultBaseUrl: "http://localhost:11434",
    modelsApi: "openai",
  },
  { id: 15, name: "Baidu Qianfan", keyFormat: "APIKey|SecretKey", models: ["ERNIE-4.0-8K", "ERNIE-3.5-8K"] },
  {
    // Qianfan ModelBuilder v2, OpenAI-compatible: {base}/v2/chat/completions, Bearer bce-v3/ALTAK-… key.
    id: 46,
    name: "Baidu Qianfan v2",
    keyFormat: "bce-v3/ALTAK-…",
    models: ["ernie-4.0-turbo-8k", "ernie-3.5-8k", "deepseek-v3", "embedding-v1"],
    transport: "openai",
    defaultBaseUrl: "https://qianfan.baidubce.com",
    pathMap: [["/v1", "/v2"]],
    modelsApi: "openai",
  },
  {
    // DashScope's OpenAI-compatible mode: {base}/compatible-mode/v1/chat/completions, Bearer key.
    id: 17,
    name: "Alibaba Qwen",
    models: ["qwen-turbo", "qwen-plus", "qwen-max", "text-embedding-v3"],
    transport: "openai",
    defaultBaseUrl: "https://dashscope.aliyuncs.com",
    pathMap: [["/v1", "/compatible-mode/v1"]],
    modelsApi: "openai",
  },
  {
    id: 18,
    name: "iFlytek Spark",
    keyFormat: "APPID|APISecret|APIKey",
    models: ["SparkDesk-v4.0", "SparkDesk-v3.5"],
    form: { other: "spark_version", defaultOther: "v2.1" },
  },
  { id: 16, name: "Zhipu ChatGLM", models: ["glm-4", "glm-4-flash", "glm-4v"] },
  {
    // Zhipu BigModel API v4 (OpenAI-shaped): {base}/api/paas/v4/chat/completions, Bearer API key.
    id: 26,
    name: "Zhipu GLM v4",
    models: ["glm-4-plus", "glm-4-air", "glm-4-flash", "glm-4v", "embedding-3"],
    transport: "openai",
    defaultBaseUrl: "https://open.bigmodel.cn",
    pathMap: [["/v1", "/api/paas/v4"]],
    modelsApi: "openai",
  },
  {
    // Hunyuan's OpenAI-compatible endpoint (API key, Bearer); the TC3-signed native API
    // (AppId|SecretId|SecretKey keys of new-api) is not implemented.
    id: 23,
    name: "Tencent Hunyuan",
    models: ["hunyuan-lite", "hunyuan-standard", "hunyuan-pro", "hunyuan-embedding"],
    transport: "openai",
    defaultBaseUrl: "https://api.hunyuan.cloud.tencent.com",
    modelsApi: "openai",
  },
  {
    id: 25,
    name: "Moonshot",
    models: ["moonshot-v1-8k", "moonshot-v1-32k", "moonshot-v1-128k"],
    transport: "openai",
    defaultBaseUrl: "https://api.moonshot.cn",
    modelsApi: "openai",
    balance: "moonshot",
  },
  {
    id: 20,
    name: "OpenRouter",
    models: ["openai/gpt-4o-mini", "anthropic/claude-3.5-sonnet"],
    transport: "openai",
    defaultBaseUrl: "https://openrouter.ai/api",
    modelsApi: "openai",
    balance: "openrouter",
  },
  {
    id: 19,
    name: "360 AI",
    models: ["360gpt-turbo", "360gpt-pro"],
    transport: "openai",
    defaultBaseUrl: "https://ai.360.cn",
    modelsApi: "openai",
  },
  {
    id: 31,
    name: "01.AI",
    models: ["yi-large", "yi-medium"],
    transport: "openai",
    defaultBaseUrl: "https://api.lingyiwanwu.com",
    modelsApi: "openai",
  },
  {
    id: 35,
    name: "MiniMax",
    models: ["MiniMax-M1", "MiniMax-Text-01", "abab6.5s-chat"],
    transport: "openai",
    defaultBaseUrl: "https://api.minimaxi.com",
    modelsApi: "openai",
  },
  {
    id: 27,
    name: "Perplexity",
    models: ["sonar", "sonar-pro"],
    transport: "openai",
    defaultBaseUrl: "https://api.perplexity.ai",
    modelsApi: "openai",
    noV1: true,
  },
  { id: 37, name: "Dify", keyFormat: "app-xxx", models: ["dify"] },
  {
    id: 38,
    name: "Jina",
    models: ["jina-embeddings-v3", "jina-reranker-v2-base-multilingual"],
    transport: "openai",
    defaultBaseUrl: "https://api.jina.ai",
    modelsApi: "openai",
  },
  {
    // Workers AI, OpenAI-compatible: {base}/client/v4/accounts/{account}/ai/v1/chat/completions.
    id: 39,
    name: "Cloudflare",
    keyFormat: "APIToken (or AccountID|APIToken)",
    models: ["@cf/meta/llama-3.1-8b-instruct", "@cf/baai/bge-large-en-v1.5"],
    transport: "cloudflare",
    defaultBaseUrl: "https://api.cloudflare.com",
    form: { other: "account_id" },
  },
  {
    id: 40,
    name: "SiliconFlow",
    models: ["deepseek-ai/DeepSeek-V3", "Qwen/Qwen2.5-72B-Instruct", "BAAI/bge-m3"],
    transport: "openai",
    defaultBaseUrl: "https://api.siliconflow.cn",
    modelsApi: "openai",
    balance: "siliconflow",
  },
  {
    id: 42,
    name: "Mistral AI",
    models: ["mistral-large-latest", "mistral-small-latest"],
    transport: "openai",
    defaultBaseUrl: "https://api.mistral.ai",
    modelsApi: "openai",
  },
  {
    id: 44,
    name: "MokaAI M3E",
    models: ["m3e-base", "m3e-large"],
    transport: "openai",
    defaultBaseUrl: "https://api.moka.ai",
    modelsApi: "openai",
  },
  {
    // Volcengine Ark (Doubao), OpenAI-compatible: {base}/api/v3/chat/completions, Bearer API key.
    id: 45,
    name: "Volcengine Ark",
    models: ["doubao-pro-32k", "doubao-lite-32k", "doubao-embedding"],
    transport: "openai",
    defaultBaseUrl: "https://ark.cn-beijing.volces.com",
    pathMap: [["/v1", "/api/v3"]],
  },
  {
    // Cohere: chat and embeddings through its Compatibility API, rerank through the native v2 API
    // (same {model, query, documents, top_n} request and {results:[{index, relevance_score}]} answer).
    id: 34,
    name: "Cohere",
    models: ["command-a-03-2025", "command-r-plus-08-2024", "embed-v4.0", "rerank-v3.5"],
    transport: "openai",
    defaultBaseUrl: "https://api.cohere.com",
    pathMap: [
      ["/v1/rerank", "/v2/rerank"],
      ["/v1", "/compatibility/v1"],
    ],
  },
  {
    id: 47,
    name: "Xinference",
    models: ["qwen2.5-instruct"],
    baseUrlPlaceholder: "http://localhost:9997",
    transport: "openai",
    defaultBaseUrl: "",
    modelsApi: "openai",
  },
  {
    id: 48,
    name: "xAI",
    models: ["grok-3", "grok-3-mini"],
    transport: "openai",
    defaultBaseUrl: "https://api.x.ai",
    modelsApi: "openai",
  },
  {
    id: 21,
    name: "AI Proxy Library",
    keyFormat: "APIKey|LibraryID",
    models: ["gpt-4o-mini"],
    form: { other: "knowledge_id" },
  },
  {
    id: 22,
    name: "FastGPT",
    keyFormat: "APIKey-AppId",
    models: ["gpt-4o-mini"],
    baseUrlPlaceholder: "https://fastgpt.run/api/openapi",
  },
];

export const CHANNEL_TYPES: ChannelTypeInfo[] = ENTRIES.map((e) => ({ ...e, relayed: !!e.transport }));

const BY_ID = new Map(CHANNEL_TYPES.map((t) => [t.id, t]));

export function channelTypeInfo(type: number): ChannelTypeInfo | undefined {
  return BY_ID.get(type);
}

/** The vendor's path for a client path (/v1/chat/completions, /v1/models): pathMap, else noV1. */
export function vendorPath(v: Pick<VendorEntry, "noV1" | "pathMap"> | undefined, path: string): string {
  for (const [from, to] of v?.pathMap ?? [])
    if (path === from || path.startsWith(`${from}/`)) return to + path.slice(from.length);
  return v?.noV1 ? path.replace(/^\/v1(?=\/|$)/, "") : path;
}

/** Suggested models for a type (empty for unknown types). */
export function defaultModelsFor(type: number): string[] {
  return BY_ID.get(type)?.models ?? [];
}

/** Every model some type suggests, each once, sorted. */
export function allDefaultModels(): string[] {
  return [...new Set(CHANNEL_TYPES.flatMap((t) => t.models))].sort();
}
