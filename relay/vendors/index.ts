import "server-only";

// The relay's vendor registry, built from the one vendor catalogue (lib/channel-types.ts): a
// catalogue entry names its transport and dialect; this file maps those names to the code in the
// vendor folders. An OpenAI-compatible vendor needs only its catalogue entry; a new transport or
// dialect is a folder here and a line below.
import {
  CHANNEL_TYPES,
  type ChannelTypeInfo,
  type TaskPlatform,
  type VendorTransport,
  type WireFormat,
  vendorPath,
} from "@/lib/channel-types";
import { createAnthropicAdapter } from "@/relay/vendors/anthropic/adapter";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { azureAdapter } from "@/relay/vendors/azure/adapter";
import { createBedrockAdapter } from "@/relay/vendors/bedrock/adapter";
import { createCloudflareAdapter } from "@/relay/vendors/cloudflare/adapter";
import { createCozeAdapter } from "@/relay/vendors/coze/adapter";
import { createCohereAdapter } from "@/relay/vendors/cohere/adapter";
import { createDashScopeAdapter } from "@/relay/vendors/dashscope/adapter";
import { customAdapter } from "@/relay/vendors/custom/adapter";
import { createDifyAdapter } from "@/relay/vendors/dify/adapter";
import type { ChatFormat } from "@/relay/kernel/format";
import { createGeminiAdapter } from "@/relay/vendors/gemini/adapter";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { createVertexAdapter } from "@/relay/vendors/vertex/adapter";
import { createOllamaAdapter } from "@/relay/vendors/ollama/adapter";
import { createOpenAICompatibleAdapter } from "@/relay/vendors/shared/openai-style/adapter";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import type { ChannelAdapter } from "@/relay/kernel/adapter";

type Build = (v: ChannelTypeInfo) => ChannelAdapter;

/** Transport -> adapter. Task platforms (Midjourney, Suno) are served by relay/tasks. */
const TRANSPORTS: Record<Exclude<VendorTransport, TaskPlatform>, Build> = {
  openai: (v) =>
    createOpenAICompatibleAdapter({
      name: v.name,
      defaultBaseUrl: v.defaultBaseUrl ?? "",
      excludeParams: v.excludeParams,
      mapPath: v.noV1 || v.pathMap ? (p) => vendorPath(v, p) : undefined,
    }),
  azure: () => azureAdapter,
  custom: () => customAdapter,
  anthropic: createAnthropicAdapter,
  gemini: createGeminiAdapter,
  cloudflare: createCloudflareAdapter,
  dashscope: createDashScopeAdapter,
  bedrock: createBedrockAdapter,
  vertex: createVertexAdapter,
  dify: createDifyAdapter,
  coze: createCozeAdapter,
  cohere: createCohereAdapter,
  ollama: createOllamaAdapter,
};

const registry = new Map<number, ChannelAdapter>();
for (const v of CHANNEL_TYPES)
  if (v.transport && v.transport in TRANSPORTS)
    registry.set(v.id, TRANSPORTS[v.transport as keyof typeof TRANSPORTS](v));

/** The adapter for a channel type, or null when the type is not relayed by this gateway (yet). */
export function adapterFor(type: number): ChannelAdapter | null {
  return registry.get(type) ?? null;
}

export function registerAdapter(type: number, adapter: ChannelAdapter): void {
  registry.set(type, adapter);
}

const formats = new Map<WireFormat, ChatFormat>([
  ["openai", openaiFormat],
  ["claude", claudeFormat],
  ["gemini", geminiFormat],
]);

/** The dialect module of a wire format (vendors/<vendor>/format.ts). */
export function formatFor(name: WireFormat): ChatFormat {
  const f = formats.get(name);
  if (!f) throw new Error(`relay: wire format ${name} is not registered`);
  return f;
}

export function registerFormat(format: ChatFormat): void {
  formats.set(format.name, format);
}
