import "server-only";

// OpenAI chat -> Cohere Chat v2 request (docs.cohere.com/reference/chat): messages
// (system/user/assistant/tool, tool_calls with JSON-text arguments), tools in the OpenAI shape,
// tool_choice REQUIRED/NONE (a named tool: only that tool, REQUIRED), max_tokens, p, k, stop_sequences,
// seed, penalties, response_format json_object (+ json_schema). The answer: response.ts, stream.ts.
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import { argumentsText } from "@/relay/vendors/shared/openai-style/response-chunks";
import type { OpenAIChat } from "@/relay/vendors/shared/openai-style/wire";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";
import { copySampling } from "@/relay/vendors/shared/openai-style/request-sampling";

type Message = OpenAIChat["messages"][number];

/** What Cohere chat v2 carries of OpenAI chat: text and image_url parts. */
const COHERE_TARGET: ChatTarget = { parts: ["text", "image_url"], nonEmpty: false };

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
