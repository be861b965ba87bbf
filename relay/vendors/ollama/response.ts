import "server-only";

// Ollama's native answers -> OpenAI: /api/chat's message {content, thinking, tool_calls}, done_reason
// and the usage counts prompt_eval_count / eval_count (the same fields on each NDJSON line of a stream,
// stream.ts); /api/embed's {embeddings} -> an embeddings list.
import type { Json } from "@/relay/kernel/format";
import {
  argumentsText,
  completion,
  nativeUsage,
  tokenCount,
  type NativeUsage,
  type OpenAIToolCall,
} from "@/relay/vendors/shared/openai-style/response-chunks";
import { usageCount } from "@/relay/kernel/usage-check";

export function ollamaUsage(j: Json): NativeUsage | null {
  return nativeUsage({ input: usageCount(j.prompt_eval_count), output: usageCount(j.eval_count) });
}

export type OllamaMessage = { content?: unknown; thinking?: unknown; tool_calls?: unknown };
type OllamaCall = { id?: unknown; function?: { name?: unknown; arguments?: unknown } };

export function ollamaToolCalls(m: OllamaMessage | undefined, first: number): OpenAIToolCall[] {
  const calls = Array.isArray(m?.tool_calls) ? (m!.tool_calls as OllamaCall[]) : [];
  return calls.map((c, i) => ({
    id: typeof c?.id === "string" && c.id ? c.id : `call_${first + i}`,
    type: "function",
    function: { name: String(c?.function?.name ?? ""), arguments: argumentsText(c?.function?.arguments ?? {}) },
  }));
}

export const ollamaFinish = (reason: unknown, calls: boolean) =>
  calls ? "tool_calls" : reason === "length" ? "length" : "stop";

/** A non-stream /api/chat answer -> chat.completion. */
export function ollamaChatToOpenAI(json: unknown, model: string): Json {
  const j = (json ?? {}) as Json & { message?: OllamaMessage };
  const calls = ollamaToolCalls(j.message, 0);
  const content = typeof j.message?.content === "string" ? j.message.content : "";
  const reasoning = typeof j.message?.thinking === "string" ? j.message.thinking : "";
  return completion(
    model,
    { content, reasoning, toolCalls: calls },
    ollamaFinish(j.done_reason, calls.length > 0),
    ollamaUsage(j),
  );
}

export function ollamaEmbedToOpenAI(json: unknown, model: string): Json {
  const j = (json ?? {}) as Json;
  const vectors = Array.isArray(j.embeddings) ? (j.embeddings as unknown[]) : [];
  const prompt = tokenCount(j.prompt_eval_count);
  return {
    object: "list",
    data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
    model,
    usage: { prompt_tokens: prompt, total_tokens: prompt },
  };
}
