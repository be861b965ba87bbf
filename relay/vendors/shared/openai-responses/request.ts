import "server-only";

// OpenAI Responses request -> OpenAI chat request (the pivot), for Responses clients (Codex CLI) on
// channels of another dialect (Anthropic, Gemini). Input items become chat messages: consecutive
// function_call items join one assistant turn (parallel calls), function_call_output items become
// tool messages. Reasoning items are dropped: their encrypted content and signatures are only valid
// for the vendor that produced them.
import type { ConvertOptions, Json } from "@/relay/kernel/format";

type Part = Json & { type?: string };

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** A Responses content part -> a chat content part (null when it has no chat equivalent). */
function chatPart(p: Part): Json | null {
  switch (p.type) {
    case "input_text":
    case "output_text":
    case "text":
    case "summary_text":
      return { type: "text", text: str(p.text) };
    case "refusal":
      return { type: "text", text: str(p.refusal) };
    case "input_image": {
      const url = typeof p.image_url === "string" ? p.image_url : str((p.image_url as Json | undefined)?.url);
      if (!url) return null;
      return { type: "image_url", image_url: { url, ...(p.detail ? { detail: p.detail } : {}) } };
    }
    case "input_file":
      if (typeof p.file_data !== "string") return null;
      return { type: "file", file: { file_data: p.file_data, ...(p.filename ? { filename: p.filename } : {}) } };
    default:
      return null;
  }
}

function chatContent(content: unknown, textOnly: boolean): string | Json[] {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts = content.flatMap((p) => (p && typeof p === "object" ? [chatPart(p as Part)] : [])).filter(Boolean);
  if (textOnly || parts.every((p) => p!.type === "text")) return parts.map((p) => str(p!.text)).join("");
  return parts as Json[];
}

/** Tool output (a string, or a list of content parts) -> tool message content. */
function toolOutput(output: unknown): string | Json[] {
  if (typeof output === "string") return output;
  if (Array.isArray(output)) return chatContent(output, false);
  return output === undefined || output === null ? "" : JSON.stringify(output);
}

const ROLES: Partial<Record<string, string>> = {
  user: "user",
  assistant: "assistant",
  system: "system",
  developer: "system",
};

function messagesOf(input: unknown): Json[] {
  if (typeof input === "string") return [{ role: "user", content: input }];
  const out: Json[] = [];
  const lastAssistant = (): Json => {
    const last = out[out.length - 1];
    if (last?.role === "assistant") return last;
    const m: Json = { role: "assistant", content: null };
    out.push(m);
    return m;
  };
  for (const raw of Array.isArray(input) ? input : []) {
    if (typeof raw === "string") {
      out.push({ role: "user", content: raw });
      continue;
    }
    if (!raw || typeof raw !== "object") continue;
    const item = raw as Part;
    const type = item.type ?? "message";
    if (type === "message") {
      const asked = str(item.role);
      const role = (Object.hasOwn(ROLES, asked) && ROLES[asked]) || "user";
      const content = chatContent(item.content, role !== "user");
      out.push({ role, content });
    } else if (type === "function_call" || type === "custom_tool_call") {
      const m = lastAssistant();
      const calls = (m.tool_calls as Json[] | undefined) ?? [];
      const args = type === "function_call" ? str(item.arguments) || "{}" : JSON.stringify({ input: str(item.input) });
      calls.push({
        id: str(item.call_id) || str(item.id),
        type: "function",
        function: { name: str(item.name), arguments: args },
      });
      m.tool_calls = calls;
    } else if (type === "function_call_output" || type === "custom_tool_call_output") {
      out.push({ role: "tool", tool_call_id: str(item.call_id), content: toolOutput(item.output) });
    }
    // reasoning, web_search_call, local_shell_call, item_reference: no chat equivalent (see docs/formats.md).
  }
  return out;
}

/** Responses tools -> chat tools: function tools as they are, custom (freeform) tools as a function
 *  taking one string `input`; hosted tools (web search, file search, computer use) are dropped. */
function toolsOf(tools: unknown): { tools: Json[]; webSearch: boolean } {
  const out: Json[] = [];
  let webSearch = false;
  for (const t of Array.isArray(tools) ? (tools as Part[]) : []) {
    if (!t || typeof t !== "object") continue;
    if (t.type === "function")
      out.push({
        type: "function",
        function: {
          name: str(t.name),
          ...(t.description ? { description: t.description } : {}),
          parameters: t.parameters ?? { type: "object", properties: {} },
          ...(typeof t.strict === "boolean" ? { strict: t.strict } : {}),
        },
      });
    else if (t.type === "custom")
      out.push({
        type: "function",
        function: {
          name: str(t.name),
          ...(t.description ? { description: t.description } : {}),
          parameters: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
        },
      });
    else if (typeof t.type === "string" && t.type.startsWith("web_search")) webSearch = true;
  }
  return { tools: out, webSearch };
}

function toolChoiceOf(choice: unknown): unknown {
  if (typeof choice === "string") return choice;
  const c = choice as Part | null | undefined;
  if ((c?.type === "function" || c?.type === "custom") && typeof c.name === "string")
    return { type: "function", function: { name: c.name } };
  return undefined;
}

/** text.format -> response_format (json_schema keeps name, schema and strict). */
function responseFormatOf(text: unknown): Json | undefined {
  const f = (text as Json | undefined)?.format as Part | undefined;
  if (f?.type === "json_schema")
    return {
      type: "json_schema",
      json_schema: {
        name: str(f.name) || "response",
        schema: f.schema,
        ...(typeof f.strict === "boolean" ? { strict: f.strict } : {}),
        ...(f.description ? { description: f.description } : {}),
      },
    };
  if (f?.type === "json_object") return { type: "json_object" };
  return undefined;
}

const EFFORTS: Record<string, string> = {
  none: "none",
  minimal: "low",
  low: "low",
  medium: "medium",
  high: "high",
  xhigh: "high",
};

export function responsesToOpenAIRequest(body: Json, o: ConvertOptions): Json {
  const messages = messagesOf(body.input);
  if (typeof body.instructions === "string" && body.instructions)
    messages.unshift({ role: "system", content: body.instructions });
  const out: Json = { model: o.upstreamModel, messages, stream: o.stream };
  if (o.stream) out.stream_options = { include_usage: true };
  const { tools, webSearch } = toolsOf(body.tools);
  if (tools.length) {
    out.tools = tools;
    const choice = toolChoiceOf(body.tool_choice);
    if (choice !== undefined) out.tool_choice = choice;
    if (typeof body.parallel_tool_calls === "boolean") out.parallel_tool_calls = body.parallel_tool_calls;
  }
  if (webSearch) out.web_search_options = {};
  if (typeof body.max_output_tokens === "number") out.max_tokens = body.max_output_tokens;
  for (const k of ["temperature", "top_p", "user"] as const)
    if (body[k] !== undefined && body[k] !== null) out[k] = body[k];
  // safety_identifier is the Responses successor of `user` (Claude metadata.user_id on the far side).
  if (out.user === undefined && typeof body.safety_identifier === "string") out.user = body.safety_identifier;
  const rf = responseFormatOf(body.text);
  if (rf) out.response_format = rf;
  const asked = str((body.reasoning as Json | undefined)?.effort);
  const effort = Object.hasOwn(EFFORTS, asked) ? EFFORTS[asked] : undefined;
  if (effort) out.reasoning_effort = effort;
  return out;
}
