import "server-only";

// The OpenAI-format chat-like endpoints: /v1/chat/completions, /v1/completions, /v1/embeddings,
// /v1/moderations (and the playground's /pg/chat/completions). Any channel format serves them.
import type { RelayMode } from "@/relay/kernel/adapter";
import { attemptChat } from "@/relay/upstream/attempt";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import { dialectReader } from "@/relay/kernel/read-request";

export function openaiTextEndpoint(mode: RelayMode): RelayEndpoint {
  return {
    format: "openai",
    mode,
    defaultModel: mode === "moderations" ? "text-moderation-stable" : undefined,
    read: dialectReader(openaiFormat, mode),
    attempt: attemptChat,
  };
}
