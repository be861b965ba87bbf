// The vendor catalogue: the ONE table of channel types, read by the relay (adapter registry,
// relay/vendors), the console services (balance, fetch models, known models) and the
// console forms (type picker, key format hint, model suggestions, base URL placeholder, field hints).
// Client-importable: data only. It is the index of the vendors' entry.ts files (relay/vendors/<v>/entry.ts,
// one catalogue row each): adding a vendor = its folder and one line here (README "Adding a vendor").
// Names are vendor brand names; the few generic ones are translated by the UI (channels.type_names.<id>).
// Numbers follow new-api so existing data and scripts keep their meaning.

import { entry as openai } from "@/relay/vendors/openai/entry";
import { entry as midjourney } from "@/relay/vendors/midjourney/entry";
import { entry as midjourneyPlus } from "@/relay/vendors/midjourney-plus/entry";
import { entry as suno } from "@/relay/vendors/suno/entry";
import { entry as azure } from "@/relay/vendors/azure/entry";
import { entry as custom } from "@/relay/vendors/custom/entry";
import { entry as deepseek } from "@/relay/vendors/deepseek/entry";
import { entry as anthropic } from "@/relay/vendors/anthropic/entry";
import { entry as bedrock } from "@/relay/vendors/bedrock/entry";
import { entry as vertex } from "@/relay/vendors/vertex/entry";
import { entry as gemini } from "@/relay/vendors/gemini/entry";
import { entry as ollama } from "@/relay/vendors/ollama/entry";
import { entry as baidu } from "@/relay/vendors/baidu/entry";
import { entry as baiduV2 } from "@/relay/vendors/baidu-v2/entry";
import { entry as dashscope } from "@/relay/vendors/dashscope/entry";
import { entry as xunfei } from "@/relay/vendors/xunfei/entry";
import { entry as zhipu } from "@/relay/vendors/zhipu/entry";
import { entry as zhipuV4 } from "@/relay/vendors/zhipu-v4/entry";
import { entry as tencent } from "@/relay/vendors/tencent/entry";
import { entry as moonshot } from "@/relay/vendors/moonshot/entry";
import { entry as openrouter } from "@/relay/vendors/openrouter/entry";
import { entry as ai360 } from "@/relay/vendors/ai360/entry";
import { entry as lingyiwanwu } from "@/relay/vendors/lingyiwanwu/entry";
import { entry as minimax } from "@/relay/vendors/minimax/entry";
import { entry as perplexity } from "@/relay/vendors/perplexity/entry";
import { entry as dify } from "@/relay/vendors/dify/entry";
import { entry as coze } from "@/relay/vendors/coze/entry";
import { entry as jina } from "@/relay/vendors/jina/entry";
import { entry as cloudflare } from "@/relay/vendors/cloudflare/entry";
import { entry as siliconflow } from "@/relay/vendors/siliconflow/entry";
import { entry as mistral } from "@/relay/vendors/mistral/entry";
import { entry as mokaai } from "@/relay/vendors/mokaai/entry";
import { entry as volcengine } from "@/relay/vendors/volcengine/entry";
import { entry as cohere } from "@/relay/vendors/cohere/entry";
import { entry as xinference } from "@/relay/vendors/xinference/entry";
import { entry as xai } from "@/relay/vendors/xai/entry";
import { entry as aiProxyLibrary } from "@/relay/vendors/ai-proxy-library/entry";
import { entry as fastgpt } from "@/relay/vendors/fastgpt/entry";

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

// The form lists the types in this order.
const ENTRIES: VendorEntry[] = [
  openai,
  midjourney,
  midjourneyPlus,
  suno,
  azure,
  custom,
  deepseek,
  anthropic,
  bedrock,
  vertex,
  gemini,
  ollama,
  baidu,
  baiduV2,
  dashscope,
  xunfei,
  zhipu,
  zhipuV4,
  tencent,
  moonshot,
  openrouter,
  ai360,
  lingyiwanwu,
  minimax,
  perplexity,
  dify,
  coze,
  jina,
  cloudflare,
  siliconflow,
  mistral,
  mokaai,
  volcengine,
  cohere,
  xinference,
  xai,
  aiProxyLibrary,
  fastgpt,
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
