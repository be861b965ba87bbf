import "server-only";

// OpenAI chat answer (the pivot) -> OpenAI Responses answer, for Responses clients on channels of
// another dialect: reasoning -> a reasoning item with a summary, text -> a message item, each tool
// call -> a function_call item; finish_reason "length" -> status incomplete (max_output_tokens).
import type { Usage } from "@/lib/server/ledger/pricing";
import type { Json } from "@/lib/server/relay/vendors/format-types";

type ChatUsage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; cached_creation_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
};

/** Usage -> Responses usage (input includes cached tokens, output includes reasoning). */
export function usageToResponses(u: Usage, reasoningTokens = 0): Json {
  return {
    input_tokens: u.promptTokens,
    input_tokens_details: { cached_tokens: u.cachedTokens },
    output_tokens: u.completionTokens,
    output_tokens_details: { reasoning_tokens: reasoningTokens },
    total_tokens: u.promptTokens + u.completionTokens,
  };
}

/** Chat usage -> Responses usage. */
export function chatUsageToResponses(v: unknown): Json | null {
  const u = v as ChatUsage | null | undefined;
  if (!u || typeof u !== "object") return null;
  return usageToResponses(
    {
      promptTokens: u.prompt_tokens ?? 0,
      completionTokens: u.completion_tokens ?? 0,
      cachedTokens: u.prompt_tokens_details?.cached_tokens ?? 0,
    },
    u.completion_tokens_details?.reasoning_tokens ?? 0,
  );
}

export const reasoningItem = (id: string, text: string): Json => ({
  type: "reasoning",
  id,
  summary: text ? [{ type: "summary_text", text }] : [],
});

export const messageItem = (id: string, text: string, status = "completed"): Json => ({
  type: "message",
  id,
  status,
  role: "assistant",
  content: [{ type: "output_text", text, annotations: [] }],
});

export const callItem = (id: string, callId: string, name: string, args: string, status = "completed"): Json => ({
  type: "function_call",
  id,
  call_id: callId,
  name,
  arguments: args,
  status,
});

/** The response envelope (status, incomplete_details) around output items. */
export function responseObject(
  id: string,
  model: string,
  status: "in_progress" | "completed" | "incomplete",
  output: Json[],
  usage: Json | null,
): Json {
  return {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    error: null,
    incomplete_details: status === "incomplete" ? { reason: "max_output_tokens" } : null,
    model,
    output,
    parallel_tool_calls: true,
    usage,
  };
}

type ChatMessage = {
  content?: unknown;
  reasoning_content?: string;
  reasoning?: string;
  refusal?: string;
  tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
};

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (typeof (p as Json)?.text === "string" ? String((p as Json).text) : "")).join("");
}

export function openAIToResponses(json: Json, requestId: string, clientModel: string): Json {
  const choice = ((json.choices as Json[] | undefined) ?? [])[0] as
    { message?: ChatMessage; finish_reason?: string } | undefined;
  const msg = choice?.message ?? {};
  const output: Json[] = [];
  const reasoning = msg.reasoning_content ?? msg.reasoning;
  if (reasoning) output.push(reasoningItem(`rs_${requestId}`, reasoning));
  const text = textOf(msg.content) || (msg.refusal ?? "");
  if (text) output.push(messageItem(`msg_${requestId}`, text));
  (msg.tool_calls ?? []).forEach((c, i) =>
    output.push(
      callItem(
        `fc_${requestId}_${i}`,
        c.id || `call_${requestId}_${i}`,
        c.function?.name ?? "",
        c.function?.arguments ?? "{}",
      ),
    ),
  );
  const status = choice?.finish_reason === "length" ? "incomplete" : "completed";
  return responseObject(`resp_${requestId}`, clientModel, status, output, chatUsageToResponses(json.usage));
}
