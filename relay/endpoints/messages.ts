import "server-only";

// POST /v1/messages: Anthropic Messages clients (native to Anthropic channels, converted otherwise).
import { attemptChat } from "@/relay/upstream/attempt";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { dialectReader } from "@/relay/kernel/read-request";

export const claudeMessagesEndpoint: RelayEndpoint = {
  format: "claude",
  mode: "chat",
  read: dialectReader(claudeFormat, "chat"),
  attempt: attemptChat,
};
