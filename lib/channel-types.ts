// The channel-type catalogue, shared by the server (known models, balance/fetch-models support) and the
// console forms (type picker, key format hint, model suggestions, base URL placeholder). Names are
// vendor brand names; the few generic ones are translated by the UI (channels.type_names.<id>).
// Numbers follow new-api so existing data and scripts keep their meaning.

export type ChannelTypeInfo = {
  id: number;
  name: string;
  /** Key format shown as a hint when the vendor needs more than one secret ("APIKey|SecretKey"). */
  keyFormat?: string;
  /** Models suggested when the type is picked (the form's "fill default models"). */
  models: string[];
  /** Example shown in the base URL field (empty: the field is optional and has no useful example). */
  baseUrlPlaceholder?: string;
  /** Multi-key mode is refused for this type (its key is a JSON document). */
  singleKeyOnly?: boolean;
  /** The relay has an adapter for this type (others can be stored but not relayed or tested yet). */
  relayed?: boolean;
};

const OPENAI_MODELS = [
  "gpt-4o",
  "gpt-4o-mini",
  "gpt-4.1",
  "gpt-4.1-mini",
  "gpt-4.1-nano",
  "o3-mini",
  "o4-mini",
  "gpt-3.5-turbo",
  "text-embedding-3-small",
  "text-embedding-3-large",
  "dall-e-3",
  "whisper-1",
  "tts-1",
];

const MJ_BASIC = ["mj_imagine", "mj_variation", "mj_reroll", "mj_blend", "mj_upscale", "mj_describe", "mj_upload"];

const MJ_PLUS = [
  "swap_face",
  ...MJ_BASIC,
  "mj_video",
  "mj_edits",
  "mj_zoom",
  "mj_shorten",
  "mj_modal",
  "mj_inpaint",
  "mj_custom_zoom",
  "mj_high_variation",
  "mj_low_variation",
  "mj_pan",
];

const CLAUDE_MODELS = [
  "claude-3-5-haiku-20241022",
  "claude-3-5-sonnet-20241022",
  "claude-3-7-sonnet-20250219",
  "claude-sonnet-4-20250514",
  "claude-opus-4-20250514",
];

const GEMINI_MODELS = ["gemini-2.5-pro", "gemini-2.5-flash", "gemini-2.0-flash", "gemini-1.5-pro", "gemini-1.5-flash"];

export const CHANNEL_TYPES: ChannelTypeInfo[] = [
  { id: 1, name: "OpenAI", models: OPENAI_MODELS, baseUrlPlaceholder: "https://api.openai.com", relayed: true },
  { id: 2, name: "Midjourney Proxy", models: MJ_BASIC, baseUrlPlaceholder: "https://mj.example.com", relayed: true },
  {
    id: 5,
    name: "Midjourney Proxy Plus",
    models: MJ_PLUS,
    baseUrlPlaceholder: "https://mj.example.com",
    relayed: true,
  },
  { id: 36, name: "Suno API", models: ["suno_music", "suno_lyrics"], relayed: true },
  {
    id: 3,
    name: "Azure OpenAI",
    keyFormat: "AZURE_OPENAI_API_KEY",
    models: ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-35-turbo", "text-embedding-3-small"],
    baseUrlPlaceholder: "https://docs-test-001.openai.azure.com",
    relayed: true,
  },
  {
    id: 8,
    name: "Custom",
    models: ["gpt-4o-mini"],
    baseUrlPlaceholder: "https://api.example.com/v1/chat/completions",
    relayed: true,
  },
  { id: 43, name: "DeepSeek", models: ["deepseek-chat", "deepseek-reasoner"], relayed: true },
  {
    id: 14,
    name: "Anthropic Claude",
    models: CLAUDE_MODELS,
    baseUrlPlaceholder: "https://api.anthropic.com",
    relayed: true,
  },
  { id: 33, name: "AWS Claude", keyFormat: "AccessKey|SecretAccessKey|Region", models: CLAUDE_MODELS },
  { id: 41, name: "Vertex AI", keyFormat: "JSON", models: [...GEMINI_MODELS, ...CLAUDE_MODELS], singleKeyOnly: true },
  { id: 24, name: "Google Gemini", models: GEMINI_MODELS, relayed: true },
  {
    id: 4,
    name: "Ollama",
    models: ["llama3.1", "qwen2.5"],
    baseUrlPlaceholder: "http://localhost:11434",
    relayed: true,
  },
  { id: 15, name: "Baidu Qianfan", keyFormat: "APIKey|SecretKey", models: ["ERNIE-4.0-8K", "ERNIE-3.5-8K"] },
  { id: 17, name: "Alibaba Qwen", models: ["qwen-turbo", "qwen-plus", "qwen-max", "text-embedding-v1"] },
  { id: 18, name: "iFlytek Spark", keyFormat: "APPID|APISecret|APIKey", models: ["SparkDesk-v4.0", "SparkDesk-v3.5"] },
  { id: 16, name: "Zhipu ChatGLM", models: ["glm-4", "glm-4-flash", "glm-4v"] },
  { id: 23, name: "Tencent Hunyuan", keyFormat: "AppId|SecretId|SecretKey", models: ["hunyuan-lite", "hunyuan-pro"] },
  { id: 25, name: "Moonshot", models: ["moonshot-v1-8k", "moonshot-v1-32k", "moonshot-v1-128k"], relayed: true },
  { id: 20, name: "OpenRouter", models: ["openai/gpt-4o-mini", "anthropic/claude-3.5-sonnet"], relayed: true },
  { id: 19, name: "360 AI", models: ["360gpt-turbo", "360gpt-pro"], relayed: true },
  { id: 31, name: "01.AI", models: ["yi-large", "yi-medium"], relayed: true },
  { id: 35, name: "MiniMax", models: ["abab6.5-chat", "abab6.5s-chat"], relayed: true },
  { id: 27, name: "Perplexity", models: ["sonar", "sonar-pro"], relayed: true },
  { id: 37, name: "Dify", keyFormat: "app-xxx", models: ["dify"] },
  { id: 38, name: "Jina", models: ["jina-embeddings-v3", "jina-reranker-v2-base-multilingual"], relayed: true },
  { id: 39, name: "Cloudflare", keyFormat: "AccountID|APIToken", models: ["@cf/meta/llama-3.1-8b-instruct"] },
  {
    id: 40,
    name: "SiliconFlow",
    models: ["deepseek-ai/DeepSeek-V3", "Qwen/Qwen2.5-72B-Instruct", "BAAI/bge-m3"],
    relayed: true,
  },
  { id: 42, name: "Mistral AI", models: ["mistral-large-latest", "mistral-small-latest"], relayed: true },
  { id: 44, name: "MokaAI M3E", models: ["m3e-base", "m3e-large"], relayed: true },
  { id: 45, name: "Volcengine Ark", models: ["doubao-pro-32k", "doubao-lite-32k"] },
  {
    id: 47,
    name: "Xinference",
    models: ["qwen2.5-instruct"],
    baseUrlPlaceholder: "http://localhost:9997",
    relayed: true,
  },
  { id: 48, name: "xAI", models: ["grok-3", "grok-3-mini"], relayed: true },
  { id: 21, name: "AI Proxy Library", keyFormat: "APIKey|LibraryID", models: ["gpt-4o-mini"] },
  {
    id: 22,
    name: "FastGPT",
    keyFormat: "APIKey-AppId",
    models: ["gpt-4o-mini"],
    baseUrlPlaceholder: "https://fastgpt.run/api/openapi",
  },
];

const BY_ID = new Map(CHANNEL_TYPES.map((t) => [t.id, t]));

export function channelTypeInfo(type: number): ChannelTypeInfo | undefined {
  return BY_ID.get(type);
}

/** Suggested models for a type (empty for unknown types). */
export function defaultModelsFor(type: number): string[] {
  return BY_ID.get(type)?.models ?? [];
}

/** Every model some type suggests, each once, sorted. */
export function allDefaultModels(): string[] {
  return [...new Set(CHANNEL_TYPES.flatMap((t) => t.models))].sort();
}
