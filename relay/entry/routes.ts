import "server-only";

// Which endpoint serves a relay path. Exact paths first, then patterns (Gemini's /models/{m}:verb).
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { claudeMessagesEndpoint } from "@/relay/endpoints/messages";
import { GEMINI_PATH, geminiEndpoint } from "@/relay/endpoints/gemini";
import { openaiTextEndpoint } from "@/relay/endpoints/openai-text";
import { speechEndpoint, transcriptionsEndpoint, translationsEndpoint } from "@/relay/endpoints/audio";
import { imageEditsEndpoint, imageGenerationsEndpoint } from "@/relay/endpoints/images";
import { rerankEndpoint } from "@/relay/endpoints/rerank";
import { ENGINES_EMBEDDINGS_PATH, enginesEmbeddingsEndpoint } from "@/relay/endpoints/engines";
import { responsesCompactEndpoint, responsesCreateEndpoint } from "@/relay/endpoints/responses";

const EXACT = new Map<string, () => RelayEndpoint>([
  ["/v1/chat/completions", () => openaiTextEndpoint("chat")],
  ["/v1/completions", () => openaiTextEndpoint("completions")],
  ["/v1/embeddings", () => openaiTextEndpoint("embeddings")],
  ["/v1/moderations", () => openaiTextEndpoint("moderations")],
  ["/v1/responses", () => responsesCreateEndpoint],
  ["/v1/responses/compact", () => responsesCompactEndpoint],
  ["/v1/images/generations", () => imageGenerationsEndpoint],
  ["/v1/images/edits", () => imageEditsEndpoint],
  ["/v1/audio/speech", () => speechEndpoint],
  ["/v1/audio/transcriptions", () => transcriptionsEndpoint],
  ["/v1/audio/translations", () => translationsEndpoint],
  ["/v1/rerank", () => rerankEndpoint],
  ["/v1/messages", claudeMessagesEndpoint],
]);

const PATTERNS: { re: RegExp; make: (m: RegExpMatchArray) => RelayEndpoint | null }[] = [
  { re: GEMINI_PATH, make: (m) => geminiEndpoint(m[1]!, m[2]!) },
  { re: ENGINES_EMBEDDINGS_PATH, make: (m) => enginesEmbeddingsEndpoint(m[1]!) },
];

/** The endpoint for a POST to `path`, or null when no relay endpoint serves it. */
export function endpointFor(path: string): RelayEndpoint | null {
  const exact = EXACT.get(path);
  if (exact) return exact();
  for (const p of PATTERNS) {
    const m = path.match(p.re);
    if (m) return p.make(m);
  }
  return null;
}
