// The Gemini generateContent / embedContent wire format (formats/types.ts contract): client side
// (a Gemini SDK talking to the gateway) and channel side (a Gemini channel, type 24).
import { prepareNative, fromOpenAIRequest } from "@/lib/server/relay/formats/gemini/channel-request";
import {
  geminiUsage,
  nativeStream,
  responseText,
  streamToOpenAI,
  toOpenAIResponse,
} from "@/lib/server/relay/formats/gemini/channel-response";
import { inspect, toOpenAIRequest } from "@/lib/server/relay/formats/gemini/client-request";
import { errorBody, fromOpenAIResponse, streamFromOpenAI } from "@/lib/server/relay/formats/gemini/client-response";
import type { ChatFormat } from "@/lib/server/relay/formats/types";

export const geminiFormat: ChatFormat = {
  name: "gemini",
  inspect,
  toOpenAIRequest,
  fromOpenAIResponse,
  streamFromOpenAI,
  errorBody,
  fromOpenAIRequest,
  prepareNative,
  toOpenAIResponse,
  streamToOpenAI,
  nativeStream: () => nativeStream(),
  usageOf: (json) => geminiUsage(json.usageMetadata),
  responseText,
};
