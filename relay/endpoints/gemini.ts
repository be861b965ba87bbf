import "server-only";

// Gemini-native endpoints: POST /v1beta/models/{model}:generateContent | :streamGenerateContent |
// :embedContent | :batchEmbedContents (and the same under /v1/models/). The model and whether to
// stream come from the path; streams are always answered as SSE (the alt=sse form the SDKs use).
import type { RelayMode } from "@/relay/kernel/adapter";
import { attemptChat } from "@/relay/upstream/attempt";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { invalidRequest } from "@/relay/kernel/error-codes";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { readJsonBody } from "@/relay/kernel/read-request";

export const GEMINI_PATH =
  /^\/v1(?:beta)?\/models\/([^/]+?):(generateContent|streamGenerateContent|embedContent|batchEmbedContents)$/;

export function geminiEndpoint(rawModel: string, verb: string): RelayEndpoint {
  const mode: RelayMode = verb === "embedContent" || verb === "batchEmbedContents" ? "embeddings" : "chat";
  return {
    format: "gemini",
    mode,
    async read(req) {
      let model: string;
      try {
        model = decodeURIComponent(rawModel).trim();
      } catch {
        throw invalidRequest("The model name in the path is not valid", "invalid_model");
      }
      const body = await readJsonBody(req);
      const facts = geminiFormat.inspect(body, mode);
      return { body, facts: { ...facts, model: model || undefined, stream: verb === "streamGenerateContent" } };
    },
    attempt: attemptChat,
  };
}
