import "server-only";

// The vendor registry, built from the one vendor catalogue (lib/channel-types.ts, the index of the
// vendors' entry.ts): an entry names its transport, dialect, balance API and model-list API; this file
// maps those names to the code in the vendor folders (adapter.ts, format.ts, balance.ts, models.ts),
// for the relay and, through relay/public.ts, for the console's balance and fetch-models services.
// An OpenAI-compatible vendor needs only its entry.ts; a vendor with code of its own adds one line
// below per piece it has.
import {
  type BalanceApi,
  CHANNEL_TYPES,
  channelTypeInfo,
  type ChannelTypeInfo,
  type ModelsApi,
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
import type { BalanceFetch, ModelListing } from "@/relay/vendors/shared/console-api";
import { balance as openaiBalance } from "@/relay/vendors/openai/balance";
import { balance as deepseekBalance } from "@/relay/vendors/deepseek/balance";
import { balance as openrouterBalance } from "@/relay/vendors/openrouter/balance";
import { balance as moonshotBalance } from "@/relay/vendors/moonshot/balance";
import { balance as siliconflowBalance } from "@/relay/vendors/siliconflow/balance";
import { models as openAIStyleModels } from "@/relay/vendors/shared/openai-style/models";
import { models as anthropicModels } from "@/relay/vendors/anthropic/models";
import { models as geminiModels } from "@/relay/vendors/gemini/models";
import { models as cohereModels } from "@/relay/vendors/cohere/models";
import { models as ollamaModels } from "@/relay/vendors/ollama/models";
import type { VideoVendor } from "@/relay/kernel/video";
import { createSoraVideo } from "@/relay/vendors/sora/adapter-video";
import { klingVideo } from "@/relay/vendors/kling/adapter-video";
import { viduVideo } from "@/relay/vendors/vidu/adapter-video";
import { doubaoVideo } from "@/relay/vendors/doubao-video/adapter-video";
import { jimengVideo } from "@/relay/vendors/jimeng/adapter-video";
import { vertexVeoVideo } from "@/relay/vendors/vertex/adapter-video";
import { veoVideo } from "@/relay/vendors/gemini/adapter-video";

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

/** Balance API -> the vendor's balance.ts (GET /api/channel/update_balance). */
const BALANCES: Record<BalanceApi, BalanceFetch> = {
  openai: openaiBalance,
  deepseek: deepseekBalance,
  openrouter: openrouterBalance,
  moonshot: moonshotBalance,
  siliconflow: siliconflowBalance,
};

/** Model-list API -> the vendor's models.ts (GET/POST /api/channel/fetch_models). */
const MODEL_LISTINGS: Record<ModelsApi, ModelListing> = {
  openai: openAIStyleModels,
  anthropic: anthropicModels,
  gemini: geminiModels,
  cohere: cohereModels,
  ollama: ollamaModels,
};

/** The balance fetch and default base URL of a channel type (null: the vendor has no balance API). */
export function balanceFetchFor(type: number): { fetch: BalanceFetch; defaultBaseUrl: string } | null {
  const v = channelTypeInfo(type);
  return v?.balance ? { fetch: BALANCES[v.balance], defaultBaseUrl: v.defaultBaseUrl ?? "" } : null;
}

/** Channel types with a balance API. */
export const BALANCE_TYPES: number[] = CHANNEL_TYPES.filter((v) => v.balance).map((v) => v.id);

/** How a channel type lists its models (null: the vendor has no model-list API). */
export function modelListingFor(type: number): ModelListing | null {
  const v = channelTypeInfo(type);
  return v?.modelsApi ? MODEL_LISTINGS[v.modelsApi] : null;
}

/** Channel type -> its video API (relay/tasks/video-*.ts): Sora on OpenAI, Azure and Sora channels; Veo on Gemini and Vertex; Kling; Jimeng; Vidu; Doubao Seedance. */
const VIDEO_VENDORS = new Map<number, VideoVendor>([
  [1, createSoraVideo({ azure: false })],
  [3, createSoraVideo({ azure: true })],
  [24, veoVideo],
  [41, vertexVeoVideo],
  [50, klingVideo],
  [51, jimengVideo],
  [52, viduVideo],
  [54, doubaoVideo],
  [55, createSoraVideo({ azure: false })],
]);

export function videoVendorFor(type: number): VideoVendor | null {
  return VIDEO_VENDORS.get(type) ?? null;
}

/** Channel types that serve video generation. */
export const VIDEO_TYPES: readonly number[] = [...VIDEO_VENDORS.keys()];
