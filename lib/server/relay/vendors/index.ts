// Registry: channel type -> adapter. Adding a vendor means adding a folder and a line here.
import { anthropicAdapter } from "@/lib/server/relay/vendors/anthropic/adapter";
import { azureAdapter } from "@/lib/server/relay/vendors/azure/adapter";
import { customAdapter } from "@/lib/server/relay/vendors/custom/adapter";
import { deepseekAdapter } from "@/lib/server/relay/vendors/deepseek/adapter";
import { geminiAdapter } from "@/lib/server/relay/vendors/gemini/adapter";
import { openaiAdapter } from "@/lib/server/relay/vendors/openai/adapter";
import { createOpenAICompatibleAdapter } from "@/lib/server/relay/vendors/openai/compatible";
import type { ChannelAdapter } from "@/lib/server/relay/vendors/types";

/** Other OpenAI-compatible vendors: type -> name and default base URL. */
const OPENAI_COMPATIBLE: Record<number, { name: string; base: string; noV1?: boolean }> = {
  4: { name: "Ollama", base: "http://localhost:11434" },
  19: { name: "360", base: "https://ai.360.cn" },
  20: { name: "OpenRouter", base: "https://openrouter.ai/api" },
  25: { name: "Moonshot", base: "https://api.moonshot.cn" },
  27: { name: "Perplexity", base: "https://api.perplexity.ai", noV1: true },
  31: { name: "LingYiWanWu", base: "https://api.lingyiwanwu.com" },
  35: { name: "MiniMax", base: "https://api.minimax.chat" },
  38: { name: "Jina", base: "https://api.jina.ai" },
  40: { name: "SiliconFlow", base: "https://api.siliconflow.cn" },
  42: { name: "Mistral", base: "https://api.mistral.ai" },
  44: { name: "MokaAI", base: "https://api.moka.ai" },
  47: { name: "Xinference", base: "" },
  48: { name: "xAI", base: "https://api.x.ai" },
};

const registry = new Map<number, ChannelAdapter>([
  [1, openaiAdapter],
  [3, azureAdapter],
  [8, customAdapter],
  [14, anthropicAdapter],
  [24, geminiAdapter],
  [43, deepseekAdapter],
]);
for (const [type, v] of Object.entries(OPENAI_COMPATIBLE)) {
  registry.set(
    Number(type),
    createOpenAICompatibleAdapter({
      name: v.name,
      defaultBaseUrl: v.base,
      mapPath: v.noV1 ? (p) => p.replace(/^\/v1/, "") : undefined,
    }),
  );
}

/** The adapter for a channel type, or null when the type is not relayed by this gateway (yet). */
export function adapterFor(type: number): ChannelAdapter | null {
  return registry.get(type) ?? null;
}

export function registerAdapter(type: number, adapter: ChannelAdapter): void {
  registry.set(type, adapter);
}
