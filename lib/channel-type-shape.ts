// The fields of a vendor catalogue entry (lib/channel-types.ts). Client-importable: types only.

/** Request/response dialects: OpenAI (chat completions), Anthropic Messages, Gemini generateContent. */
export type WireFormat = "openai" | "claude" | "gemini";

/** How the relay reaches a vendor: an adapter in relay/vendors, or a task platform
 *  (relay/tasks). */
export type VendorTransport =
  | "openai"
  | "azure"
  | "custom"
  | "anthropic"
  | "gemini"
  | "cloudflare"
  | "dashscope"
  | "bedrock"
  | "vertex"
  | "dify"
  | "coze"
  | "cohere"
  | "ollama"
  | TaskPlatform;

export type TaskPlatform = "midjourney" | "suno" | "video";

/** Remaining-balance APIs (lib/server/services/channels/balance-providers.ts). */
export type BalanceApi = "openai" | "deepseek" | "openrouter" | "moonshot" | "siliconflow";

/** Model listing APIs (fetch models): OpenAI-style GET {base}/v1/models, Anthropic's, Gemini's,
 *  Cohere's GET {base}/v1/models, Ollama's GET {base}/api/tags. */
export type ModelsApi = "openai" | "anthropic" | "gemini" | "cohere" | "ollama";

/** Channel form hints beyond the placeholder and key format. */
export type FormHints = {
  /** The base URL is the full upstream URL (no /v1 warning, "full URL" label). */
  fullUrl?: boolean;
  /** The form offers the OpenAI organization field. */
  organization?: boolean;
  /** What the `other` field holds (label and placeholder); "region" (Vertex) may be a per-model JSON map; "aws_region" is one AWS region. */
  other?:
    "api_version" | "spark_version" | "region" | "aws_region" | "plugin" | "knowledge_id" | "account_id" | "bot_id";
  /** A setup note shown under the type picker (channels.setup_<kind>): key format and required settings. */
  setup?: "azure" | "bedrock" | "vertex" | "dify" | "coze" | "cloudflare" | "ollama" | "video" | "kling" | "vidu" | "doubao-video" | "jimeng";
  /** The relay cannot derive the address: the form refuses an empty base URL. */
  baseUrlRequired?: boolean;
  /** `other` defaults to this when left empty (an API version). */
  defaultOther?: string;
};

export type VendorEntry = {
  id: number;
  name: string;
  /** Its place in the console's type picker (ascending; steps of 10 leave room between two). */
  listOrder: number;
  /** How the relay reaches it (absent: stored and listed, but not relayed or tested yet). */
  transport?: VendorTransport;
  /** The dialect its API speaks (default "openai"). */
  format?: WireFormat;
  /** Base URL used when a channel leaves base_url empty ("" = must be configured). */
  defaultBaseUrl?: string;
  /** The vendor's paths have no /v1 prefix. */
  noV1?: boolean;
  /** Client path prefixes the vendor serves elsewhere, first match wins: ["/v1", "/api/paas/v4"] sends
   *  /v1/chat/completions to {base}/api/paas/v4/chat/completions. The base URL stays the vendor's host,
   *  as in new-api, so channels imported from it keep working. */
  pathMap?: [from: string, to: string][];
  /** Body fields the vendor rejects, removed before sending. */
  excludeParams?: string[];
  balance?: BalanceApi;
  modelsApi?: ModelsApi;
  form?: FormHints;
  /** Key format shown as a hint when the vendor needs more than one secret ("APIKey|SecretKey"). */
  keyFormat?: string;
  /** Models suggested when the type is picked (the form's "fill default models"). */
  models: string[];
  /** Example shown in the base URL field (empty: the field is optional and has no useful example). */
  baseUrlPlaceholder?: string;
  /** Multi-key mode is refused for this type (its key is a JSON document). */
  singleKeyOnly?: boolean;
};
