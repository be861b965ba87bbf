import "server-only";

// The Anthropic Messages wire format (kernel/format.ts ChatFormat): /v1/messages clients and
// Anthropic (type 14) channels. Split by direction: request-to-openai.ts (Claude -> OpenAI requests),
// request-from-openai.ts (OpenAI -> Claude requests), response.ts (JSON bodies, usage, errors),
// stream-to-openai.ts / stream-from-openai.ts (events) and stream-native.ts (same-format streams).
import { claudeToOpenAIRequest, inspectClaude } from "@/relay/vendors/anthropic/request-to-openai";
import { openAIToClaudeRequest, prepareClaudeNative } from "@/relay/vendors/anthropic/request-from-openai";
import { checkClaudeConvertible } from "@/relay/vendors/anthropic/request-convertible";
import { claudeNativeStream } from "@/relay/vendors/anthropic/stream-native";
import {
  claudeErrorBody,
  claudeResponseText,
  claudeToOpenAIResponse,
  openAIToClaudeResponse,
  usageFromClaude,
} from "@/relay/vendors/anthropic/response";
import { claudeStreamFromOpenAI } from "@/relay/vendors/anthropic/stream-from-openai";
import { claudeStreamToOpenAI } from "@/relay/vendors/anthropic/stream-to-openai";
import type { ChatFormat } from "@/relay/kernel/format";

export const claudeFormat: ChatFormat = {
  name: "claude",
  inspect: (body) => inspectClaude(body),
  checkConvertible: (body) => checkClaudeConvertible(body),
  toOpenAIRequest: claudeToOpenAIRequest,
  fromOpenAIResponse: (json, o) => openAIToClaudeResponse(json, o.requestId, o.clientModel),
  streamFromOpenAI: claudeStreamFromOpenAI,
  capOutput: (body, _mode, cap) => {
    body.max_tokens = cap;
  },
  errorBody: claudeErrorBody,

  fromOpenAIRequest: openAIToClaudeRequest,
  prepareNative: prepareClaudeNative,
  toOpenAIResponse: (json, o) => claudeToOpenAIResponse(json, o.upstreamModel),
  streamToOpenAI: claudeStreamToOpenAI,
  nativeStream: () => claudeNativeStream(),
  usageOf: (json) => usageFromClaude(json.usage),
  responseText: claudeResponseText,
};
