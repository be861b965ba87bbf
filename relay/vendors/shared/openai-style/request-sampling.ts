import "server-only";

// The sampling parameters of an OpenAI chat request, for dialects that take the same values under
// names of their own (Cohere, Ollama). Only what the client set is copied.
import type { Json } from "@/relay/kernel/format";
import type { OpenAIChat } from "@/relay/vendors/shared/openai-style/wire";

const NUMBERS = ["temperature", "top_p", "top_k", "seed", "frequency_penalty", "presence_penalty"] as const;

/** The parameters the dialect names differently; the others keep OpenAI's names. */
export type SamplingRenames = Partial<Record<(typeof NUMBERS)[number] | "max_tokens" | "stop", string>>;

export function copySampling(body: OpenAIChat, out: Json, renames: SamplingRenames = {}): void {
  const max = body.max_completion_tokens ?? body.max_tokens;
  if (max) out[renames.max_tokens ?? "max_tokens"] = max;
  for (const param of NUMBERS) {
    const value = body[param];
    if (typeof value === "number") out[renames[param] ?? param] = value;
  }
  const stop = typeof body.stop === "string" ? [body.stop] : (body.stop ?? []);
  if (stop.length) out[renames.stop ?? "stop"] = stop;
}
