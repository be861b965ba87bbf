import "server-only";

// OpenAI chat answer (the pivot) -> OpenAI Responses answer, for Responses clients on channels of
// another dialect: reasoning -> a reasoning item with a summary, text -> a message item, each tool
// call -> a function_call item; finish_reason "length" -> status incomplete (max_output_tokens).
import type { Usage } from "@/lib/server/ledger/pricing";
import type { Json } from "@/relay/kernel/format";
import { usageFromOpenAI } from "@/relay/vendors/shared/openai-style/format";

/** Usage -> Responses usage (input includes cached tokens, output includes reasoning). */
export function usageToResponses(u: Usage): Json {
  return {
    input_tokens: u.promptTokens,
    input_tokens_details: { cached_tokens: u.cachedTokens },
    output_tokens: u.completionTokens,
    output_tokens_details: { reasoning_tokens: Math.min(u.reasoningTokens ?? 0, u.completionTokens) },
    total_tokens: u.promptTokens + u.completionTokens,
  };
}

/** Chat usage -> Responses usage. */
export function chatUsageToResponses(v: unknown): Json | null {
  const u = usageFromOpenAI(v);
  return u ? usageToResponses(u) : null;
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

export type IncompleteReason = "max_output_tokens" | "content_filter";

/** finish_reason -> the Responses status: length and content_filter end an answer early. */
export function statusOf(finish: string | null | undefined): {
  status: "completed" | "incomplete";
  reason: IncompleteReason;
} {
  if (finish === "length") return { status: "incomplete", reason: "max_output_tokens" };
  if (finish === "content_filter") return { status: "incomplete", reason: "content_filter" };
  return { status: "completed", reason: "max_output_tokens" };
}

/** A call of a custom (freeform) tool, in Codex's shape: the input string, not JSON arguments. */
export const customCallItem = (
  id: string,
  callId: string,
  name: string,
  input: string,
  status = "completed",
): Json => ({
  type: "custom_tool_call",
  id,
  call_id: callId,
  name,
  input,
  status,
});

/** A custom tool travels the pivot as a function taking {"input": string} (request.ts). */
export function customInput(args: string): string {
  try {
    const v = JSON.parse(args || "{}") as { input?: unknown } | null;
    if (v && typeof v === "object" && typeof v.input === "string") return v.input;
  } catch {
    // not JSON: the model wrote the input itself
  }
  return args;
}

/** The output item of one pivot tool call: custom tools (by name) as custom_tool_call items. */
export function toolCallItem(
  id: string,
  callId: string,
  name: string,
  args: string,
  custom: ReadonlySet<string>,
): Json {
  return custom.has(name) ? customCallItem(id, callId, name, customInput(args)) : callItem(id, callId, name, args);
}

/** The response envelope (status, incomplete_details) around output items. */
export function responseObject(
  id: string,
  model: string,
  status: "in_progress" | "completed" | "incomplete",
  output: Json[],
  usage: Json | null,
  reason: IncompleteReason = "max_output_tokens",
): Json {
  return {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    error: null,
    incomplete_details: status === "incomplete" ? { reason } : null,
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

export function openAIToResponses(
  json: Json,
  requestId: string,
  clientModel: string,
  custom: ReadonlySet<string> = new Set(),
): Json {
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
      toolCallItem(
        `fc_${requestId}_${i}`,
        c.id || `call_${requestId}_${i}`,
        c.function?.name ?? "",
        c.function?.arguments ?? "{}",
        custom,
      ),
    ),
  );
  const { status, reason } = statusOf(choice?.finish_reason);
  return responseObject(`resp_${requestId}`, clientModel, status, output, chatUsageToResponses(json.usage), reason);
}
