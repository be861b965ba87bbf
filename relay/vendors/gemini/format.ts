import "server-only";

// The Gemini generateContent / embedContent wire format (kernel/format.ts contract): client side
// (a Gemini SDK talking to the gateway) and channel side (a Gemini channel, type 24).
import { fromOpenAIRequest, GEMINI_TARGET, prepareNative } from "@/relay/vendors/gemini/request-from-openai";
import { checkChatConvertible } from "@/relay/vendors/shared/openai-style/request-convertible";
import {
  geminiUsage,
  nativeStream,
  responseText,
  streamToOpenAI,
  toOpenAIResponse,
} from "@/relay/vendors/gemini/response-to-openai";
import { inspect, toOpenAIRequest } from "@/relay/vendors/gemini/request-to-openai";
import { errorBody, fromOpenAIResponse, streamFromOpenAI } from "@/relay/vendors/gemini/response-from-openai";
import { checkGeminiConvertible, checkGeminiEmbedConvertible } from "@/relay/vendors/gemini/request-convertible";
import type { ChatFormat } from "@/relay/kernel/format";
import { GEMINI_LIMIT_FIELDS, geminiConfigs, rewriteLimits } from "@/relay/kernel/output-limits";
import { withGrounding } from "@/relay/vendors/gemini/response-grounding";
import { inlineRemoteImages } from "@/relay/vendors/gemini/request-inline-images";

export const geminiFormat: ChatFormat = {
  name: "gemini",
  inspect,
  checkConvertible: (body, mode) =>
    mode === "chat" ? checkGeminiConvertible(body) : checkGeminiEmbedConvertible(body),
  toOpenAIRequest,
  fromOpenAIResponse,
  streamFromOpenAI,
  capOutput: (body, _mode, cap) => {
    // Every spelling present gets the cap (review N2); none present: the config object the client
    // used (a body with both spellings of one field is one Google may refuse), else generationConfig.
    const configs = geminiConfigs(body);
    let written = false;
    for (const g of configs) written = rewriteLimits(g, GEMINI_LIMIT_FIELDS, cap) || written;
    if (written) return;
    if (configs[0]) configs[0].maxOutputTokens = cap;
    else body.generationConfig = { maxOutputTokens: cap };
  },
  errorBody,
  // Gemini takes images inline only; its SDK clients do not expect SSE comments. A request Gemini
  // would refuse is refused before any image is fetched for it (fromOpenAIRequest checks again for
  // callers that do not prepare the pivot, such as the channel test).
  preparePivot: (pivot, request, locale) => {
    if (Array.isArray(pivot.messages)) checkChatConvertible(pivot, GEMINI_TARGET);
    return inlineRemoteImages(pivot, request, locale);
  },
  nativePings: false,
  fromOpenAIRequest,
  prepareNative,
  toOpenAIResponse,
  streamToOpenAI,
  nativeStream: () => nativeStream(),
  usageOf: (json) => withGrounding(geminiUsage(json.usageMetadata), json),
  responseText,
};
