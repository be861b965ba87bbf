import "server-only";

// Cohere Chat v2 (docs.cohere.com/reference/chat, /reference/chat-stream) <-> OpenAI chat.
// Request: messages (system/user/assistant/tool, tool_calls with JSON-text arguments), tools in the
// OpenAI shape, tool_choice REQUIRED/NONE (a named tool: only that tool, REQUIRED), max_tokens, p, k,
// stop_sequences, seed, penalties, response_format json_object (+ json_schema). Answer: message.content
// blocks (text, thinking), tool_calls, tool_plan, finish_reason, usage. Usage bills Cohere's
// `billed_units` (what Cohere charges), falling back to `tokens`.
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import {
  argumentsText,
  completion,
  nativeUsage,
  type NativeUsage,
  type OpenAIToolCall,
} from "@/relay/vendors/shared/openai-style/response-chunks";
import { usageCount } from "@/relay/kernel/usage-check";
import type { OpenAIChat } from "@/relay/vendors/shared/openai-style/wire";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";
import { copySampling } from "@/relay/vendors/shared/openai-style/request-sampling";
import { ownValue } from "@/lib/own-keys";

type Message = OpenAIChat["messages"][number];

export const COHERE_FINISH: Record<string, string> = {
  COMPLETE: "stop",
  STOP_SEQUENCE: "stop",
  MAX_TOKENS: "length",
  TOOL_CALL: "tool_calls",
  ERROR: "stop",
  TIMEOUT: "stop",
};

/** What Cohere chat v2 carries of OpenAI chat: text and image_url parts. */
const COHERE_TARGET: ChatTarget = { parts: ["text", "image_url"], nonEmpty: false };

export const cohereFinish = (r: unknown) => ownValue(COHERE_FINISH, String(r)) ?? "stop";

function text(content: Message["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((p) => p.text ?? "").join("");
}

function userContent(content: Message["content"]): unknown {
  if (typeof content === "string" || !content) return content ?? "";
  return content.map((p) => {
    if (p.type === "image_url") return { type: "image_url", image_url: p.image_url };
    if (p.type === "text" || p.type == null) return { type: "text", text: p.text ?? "" };
    throw invalidRequest(`content part type ${String(p.type)} is not supported by Cohere chat`);
  });
}

function message(m: Message): Json {
  switch (m.role) {
    case "system":
    case "developer":
      return { role: "system", content: text(m.content) };
    case "assistant": {
      const calls = (m.tool_calls ?? []).map((c) => ({
        id: c.id ?? "",
        type: "function",
        function: { name: c.function?.name ?? "", arguments: argumentsText(c.function?.arguments) },
      }));
      const body = text(m.content);
      return {
        role: "assistant",
        ...(body || !calls.length ? { content: body } : {}),
        ...(calls.length ? { tool_calls: calls } : {}),
      };
    }
    case "tool":
      return { role: "tool", tool_call_id: m.tool_call_id ?? "", content: text(m.content) };
    default:
      return { role: "user", content: userContent(m.content) };
  }
}

/** The /v2/chat body for an OpenAI chat request. */
export function cohereChatBody(input: Json, model: string, stream: boolean): Json {
  checkChatConvertible(input, COHERE_TARGET);
  const body = input as OpenAIChat;
  const out: Json = { model, messages: (body.messages ?? []).map(message), stream };
  let tools = (body.tools ?? []).filter((t) => t.function && (t.type ?? "function") === "function");
  const choice = body.tool_choice;
  if (choice === "required") out.tool_choice = "REQUIRED";
  else if (choice === "none") out.tool_choice = "NONE";
  else if (choice && typeof choice === "object" && choice.function?.name) {
    // Cohere cannot name a tool: offering only that one and requiring a call means the same.
    tools = tools.filter((t) => t.function!.name === choice.function!.name);
    out.tool_choice = "REQUIRED";
  }
  if (tools.length) out.tools = tools;
  else delete out.tool_choice;
  copySampling(body, out, { top_p: "p", top_k: "k", stop: "stop_sequences" });
  const rf = body.response_format;
  if (rf?.type === "json_object") out.response_format = { type: "json_object" };
  else if (rf?.type === "json_schema")
    out.response_format = {
      type: "json_object",
      ...(rf.json_schema?.schema ? { json_schema: rf.json_schema.schema } : {}),
    };
  return out;
}

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
