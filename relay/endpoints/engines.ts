import "server-only";

// POST /v1/engines/{model}/embeddings: the pre-1.0 OpenAI SDKs' embeddings path. The body is an
// OpenAI embeddings request; the model in the path is used when the body names none (new-api's
// fallback). new-api's router tags this path "Gemini format", but every client that calls it sends
// OpenAI bodies, so it is served like /v1/embeddings.
import { attemptChat } from "@/relay/upstream/attempt";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { invalidRequest } from "@/relay/kernel/error-codes";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import { readJsonBody } from "@/relay/kernel/read-request";

export const ENGINES_EMBEDDINGS_PATH = /^\/v1\/engines\/([^/]+)\/embeddings$/;

export function enginesEmbeddingsEndpoint(rawModel: string): RelayEndpoint {
  return {
    format: "openai",
    mode: "embeddings",
    async read(req) {
      let pathModel: string;
      try {
        pathModel = decodeURIComponent(rawModel).trim();
      } catch {
        throw invalidRequest("The model name in the path is not valid", "invalid_model");
      }
      const body = await readJsonBody(req);
      if (typeof body.model !== "string" || !body.model.trim()) body.model = pathModel;
      return { body, facts: openaiFormat.inspect(body, "embeddings") };
    },
    attempt: attemptChat,
  };
}
