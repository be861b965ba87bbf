// POST /v1/messages: Anthropic Messages clients (native to Anthropic channels, converted otherwise).
import { attemptChat } from "@/lib/server/relay/chat-attempt";
import type { RelayEndpoint } from "@/lib/server/relay/endpoint";
import { claudeFormat } from "@/lib/server/relay/formats/claude";
import { readJsonBody } from "@/lib/server/relay/text-relay";

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
