import "server-only";

// Cohere Chat v2 answer (docs.cohere.com/reference/chat) -> OpenAI chat.completion: message.content
// blocks (text, thinking), tool_calls, tool_plan, finish_reason, usage. Usage bills Cohere's
// `billed_units` (what Cohere charges), falling back to `tokens`. The stream: stream.ts.
import type { Json } from "@/relay/kernel/format";
import {
  argumentsText,
  completion,
  nativeUsage,
  type NativeUsage,
  type OpenAIToolCall,
} from "@/relay/vendors/shared/openai-style/response-chunks";
import { usageCount } from "@/relay/kernel/usage-check";
import { ownValue } from "@/lib/own-keys";

export const COHERE_FINISH: Record<string, string> = {
  COMPLETE: "stop",
  STOP_SEQUENCE: "stop",
  MAX_TOKENS: "length",
  TOOL_CALL: "tool_calls",
  ERROR: "stop",
  TIMEOUT: "stop",
};

export const cohereFinish = (r: unknown) => ownValue(COHERE_FINISH, String(r)) ?? "stop";

/** Cohere usage: billed_units when present (what Cohere charges), else tokens. */
export function cohereUsage(u: unknown): NativeUsage | null {
  if (!u || typeof u !== "object") return null;
  const v = u as { billed_units?: Record<string, unknown>; tokens?: Record<string, unknown> };
  for (const part of [v.billed_units, v.tokens]) {
    if (!part || typeof part !== "object") continue;
    const raw = { input: usageCount(part.input_tokens), output: usageCount(part.output_tokens) };
    // A count, or (logged, null) a field that is not one; all zero: the next part may have them.
    if (raw.input !== 0 || raw.output !== 0) return nativeUsage(raw);
  }
  return null;
}

type CohereCall = { id?: unknown; function?: { name?: unknown; arguments?: unknown } };

/** A /v2/chat answer -> chat.completion. */
export function cohereChatToOpenAI(json: unknown, model: string): Json {
  const j = (json ?? {}) as {
    finish_reason?: unknown;
    message?: { content?: unknown; tool_calls?: unknown; tool_plan?: unknown };
    usage?: unknown;
  };
  let content = "";
  let reasoning = typeof j.message?.tool_plan === "string" ? j.message.tool_plan : "";
  for (const b of Array.isArray(j.message?.content) ? (j.message!.content as Json[]) : []) {
    if (b?.type === "text" && typeof b.text === "string") content += b.text;
    else if (b?.type === "thinking" && typeof b.thinking === "string") reasoning += b.thinking;
  }
  const calls = Array.isArray(j.message?.tool_calls) ? (j.message!.tool_calls as CohereCall[]) : [];
  const toolCalls: OpenAIToolCall[] = calls.map((c, i) => ({
    id: typeof c?.id === "string" ? c.id : `call_${i}`,
    type: "function",
    function: { name: String(c?.function?.name ?? ""), arguments: argumentsText(c?.function?.arguments) },
  }));
  return completion(model, { content, reasoning, toolCalls }, cohereFinish(j.finish_reason), cohereUsage(j.usage));
}
