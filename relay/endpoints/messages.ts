import "server-only";

// POST /v1/messages: Anthropic Messages clients (native to Anthropic channels, converted otherwise).
import { attemptChat } from "@/relay/upstream/attempt";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { readJsonBody } from "@/relay/endpoints/openai-text";

const endpoint: RelayEndpoint = {
  format: "claude",
  mode: "chat",
  async read(req) {
    const body = await readJsonBody(req);
    return { body, facts: claudeFormat.inspect(body, "chat") };
  },
  attempt: attemptChat,
};

export const claudeMessagesEndpoint = (): RelayEndpoint => endpoint;
