import "server-only";

// Cohere Embed v2 (docs.cohere.com/reference/embed) <-> OpenAI embeddings. OpenAI has no input_type,
// which Cohere requires for v3+ models: "search_document" unless the client sends Cohere's own
// `input_type`. Token-id inputs are refused (Cohere embeds text). Usage: meta.billed_units.input_tokens.
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import { tokenCount } from "@/relay/vendors/shared/openai-style/response-chunks";

const INPUT_TYPES = new Set(["search_document", "search_query", "classification", "clustering"]);

/** The /v2/embed body for an OpenAI embeddings request. */
export function cohereEmbedBody(body: Json, model: string): Json {
  const input = body.input;
  const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input : [];
  if (!texts.length || !texts.every((t) => typeof t === "string"))
    throw invalidRequest("Cohere embeddings take 'input' as a string or a list of strings", "invalid_input");
  const inputType =
    typeof body.input_type === "string" && INPUT_TYPES.has(body.input_type) ? body.input_type : "search_document";
  return {
    model,
    texts,
    input_type: inputType,
    embedding_types: ["float"],
    ...(typeof body.dimensions === "number" ? { output_dimension: body.dimensions } : {}),
  };
}

/** A /v2/embed answer -> an OpenAI embeddings list. */
export function cohereEmbedToOpenAI(json: unknown, model: string): Json {
  const j = (json ?? {}) as {
    embeddings?: { float?: unknown } | unknown[];
    meta?: { billed_units?: { input_tokens?: unknown } };
  };
  const vectors = Array.isArray(j.embeddings)
    ? j.embeddings
    : Array.isArray(j.embeddings?.float)
      ? j.embeddings.float
      : [];
  const prompt = tokenCount(j.meta?.billed_units?.input_tokens);
  return {
    object: "list",
    data: (vectors as unknown[]).map((embedding, index) => ({ object: "embedding", index, embedding })),
    model,
    usage: { prompt_tokens: prompt, total_tokens: prompt },
  };
}
