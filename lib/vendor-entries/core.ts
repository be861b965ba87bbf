// Vendor catalogue entries, part 1: OpenAI, Azure, Anthropic, Gemini, the cloud platforms, custom and
// task platforms, Ollama. The table and its readers: lib/channel-types.ts.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { CLAUDE_MODELS, GEMINI_MODELS, MJ_BASIC, MJ_PLUS, OPENAI_MODELS } from "@/lib/default-models";

export const CORE_VENDORS: VendorEntry[] = [
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
    form: { other: "api_version", baseUrlRequired: true, setup: "azure" },
  },
  {
    id: 8,
    name: "Custom",
    models: ["gpt-4o-mini"],
    baseUrlPlaceholder: "https://api.example.com/v1/chat/completions",
    transport: "custom",
    defaultBaseUrl: "",
    form: { fullUrl: true, baseUrlRequired: true },
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
    // Claude through InvokeModel, other models through Converse (relay/vendors/bedrock);
    // base URL defaults to https://bedrock-runtime.{region}.amazonaws.com.
    id: 33,
    name: "AWS Claude",
    keyFormat:
      "AccessKey|SecretAccessKey|Region (or AccessKey|SecretAccessKey|SessionToken|Region, or BedrockAPIKey|Region)",
    models: CLAUDE_MODELS,
    baseUrlPlaceholder: "https://bedrock-runtime.us-east-1.amazonaws.com",
    transport: "bedrock",
    format: "claude",
    defaultBaseUrl: "",
    form: { other: "aws_region", setup: "bedrock" },
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
    form: { other: "region", setup: "vertex" },
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
    // OpenAI-compatible /v1 by default; the channel setting {"ollama_api": "native"} selects /api/chat.
    id: 4,
    name: "Ollama",
    models: ["llama3.1", "qwen2.5"],
    baseUrlPlaceholder: "http://localhost:11434",
    transport: "ollama",
    defaultBaseUrl: "http://localhost:11434",
    modelsApi: "ollama",
    form: { setup: "ollama" },
  },
];
