import "server-only";

// Client side of the Claude format: validating a /v1/messages body and turning it into an OpenAI
// chat request (for channels that do not speak Anthropic Messages).
import { invalidRequest } from "@/relay/kernel/error-codes";
import { joinBlocks, toolUsesToCalls, type Block } from "@/relay/vendors/anthropic/wire-blocks";
import type { ConvertOptions, Json, RequestFacts } from "@/relay/kernel/format";
import { estimateText } from "@/relay/kernel/tokenize";
import { contentAttachmentTokens } from "@/relay/kernel/prompt-extras";
import { claudeMessagesSchema } from "@/relay/vendors/anthropic/wire";
import { checkWire } from "@/relay/kernel/wire-guard";

const blocksOf = (content: unknown): Block[] =>
  typeof content === "string"
    ? [{ type: "text", text: content }]
    : Array.isArray(content)
      ? (content.filter((b) => b && typeof b === "object") as Block[])
      : [];

/** Text of a Claude system field (string or text blocks). */
export function systemText(system: unknown): string {
  return blocksOf(system)
    .map((b) => (typeof b.text === "string" ? b.text : ""))
    .filter(Boolean)
    .join("\n");
}

/** Every text of a content value (text blocks, tool results, tool inputs). */
function contentText(content: unknown): string {
  const parts: string[] = [];
  for (const b of blocksOf(content)) {
    if (typeof b.text === "string") parts.push(b.text);
    if (typeof b.thinking === "string") parts.push(b.thinking);
    if (b.type === "tool_result") parts.push(contentText(b.content));
    if (b.type === "tool_use" && b.input !== undefined) parts.push(JSON.stringify(b.input));
  }
  return parts.join("\n");
}

export function inspectClaude(body: Json): RequestFacts {
  if (typeof body.model !== "string" || !body.model.trim())
    throw invalidRequest("model: Field required", "invalid_model");
  if (!Array.isArray(body.messages)) throw invalidRequest("messages: Field required", "invalid_messages");
  for (const m of body.messages as unknown[]) {
    const msg = m as Json | null;
    // "system" inside messages: Claude Code's mid-conversation system entries (beta
    // mid-conversation-system-2026-04-07), sent for models it does not know.
    if (!msg || typeof msg !== "object" || (msg.role !== "user" && msg.role !== "assistant" && msg.role !== "system"))
      throw invalidRequest("messages: each message needs role 'user', 'assistant' or 'system'", "invalid_messages");
    if (typeof msg.content !== "string" && !Array.isArray(msg.content))
      throw invalidRequest("messages: content must be a string or an array of blocks", "invalid_messages");
  }
  // Unlike Anthropic itself, a missing max_tokens is allowed: claude.default_max_tokens fills it in
  // on the way to the channel (new-api behaviour).
  const max = body.max_tokens ?? 0;
  if (typeof max !== "number" || !Number.isInteger(max) || max < 0 || (body.max_tokens !== undefined && max < 1))
    throw invalidRequest("max_tokens: must be a positive integer", "invalid_max_tokens");
  if (body.stream !== undefined && typeof body.stream !== "boolean")
    throw invalidRequest("stream: must be a boolean", "invalid_stream");
  checkWire(claudeMessagesSchema, body);
  const texts = [systemText(body.system), ...(body.messages as Json[]).map((m) => contentText(m.content))];
  const text = texts.filter(Boolean).join("\n");
  const stream = body.stream === true;
  return {
    model: body.model.trim(),
    stream,
    clientWantsUsage: stream,
    maxTokens: max,
    promptText: text,
    // Documents (PDFs) are priced by size (prompt-extras.ts), not counted as 0.
    promptTokens:
      estimateText(text) + (body.messages as Json[]).reduce((n, m) => n + 3 + contentAttachmentTokens(m.content), 0),
  };
}

/** Claude image (or base64 PDF document) source -> an OpenAI image_url (or file) part. */
function imagePart(b: Block): Json | null {
  const src = b.source as Json | undefined;
  if (b.type === "document")
    return src?.type === "base64" && typeof src.data === "string"
      ? { type: "file", file: { file_data: `data:${String(src.media_type ?? "application/pdf")};base64,${src.data}` } }
      : null;
  if (src?.type === "base64" && typeof src.data === "string")
    return {
      type: "image_url",
      image_url: { url: `data:${String(src.media_type ?? "image/png")};base64,${src.data}` },
    };
  if (src?.type === "url" && typeof src.url === "string") return { type: "image_url", image_url: { url: src.url } };
  return null;
}

function toolResultText(content: unknown): string {
  if (typeof content === "string") return content;
  return blocksOf(content)
    .map((b) => (typeof b.text === "string" ? b.text : ""))
    .join("\n");
}

function convertMessage(m: Json): Json[] {
  const blocks = blocksOf(m.content);
  // A mid-conversation system entry stays where it is: OpenAI chat allows system messages anywhere.
  if (m.role === "system") {
    const text = joinBlocks(blocks, "text");
    return text ? [{ role: "system", content: text }] : [];
  }
  if (m.role === "assistant") {
    const text = joinBlocks(blocks, "text");
    const calls = toolUsesToCalls(blocks);
    const out: Json = { role: "assistant", content: calls.length && !text ? null : text };
    if (calls.length) out.tool_calls = calls;
    return [out];
  }
  // user: tool results become role "tool" messages (they must follow the assistant's tool_calls)
  const out: Json[] = [];
  const parts: Json[] = [];
  for (const b of blocks) {
    if (b.type === "tool_result")
      out.push({ role: "tool", tool_call_id: String(b.tool_use_id ?? ""), content: toolResultText(b.content) });
    else if (b.type === "text") parts.push({ type: "text", text: String(b.text ?? "") });
    else if (b.type === "image" || b.type === "document") {
      const p = imagePart(b);
      if (p) parts.push(p);
    }
  }
  if (typeof m.content === "string") out.push({ role: "user", content: m.content });
  else if (parts.length)
    out.push({
      role: "user",
      content: parts.every((p) => p.type === "text") ? parts.map((p) => p.text).join("\n") : parts,
    });
  return out;
}

function toolChoice(tc: unknown): unknown {
  const c = tc as Json | undefined;
  if (!c || typeof c !== "object") return undefined;
  if (c.type === "auto") return "auto";
  if (c.type === "any") return "required";
  if (c.type === "none") return "none";
  if (c.type === "tool" && typeof c.name === "string") return { type: "function", function: { name: c.name } };
  return undefined;
}

const EFFORTS = new Set(["minimal", "low", "medium", "high"]);

/**
 * Structured output and effort: output_config.format (and the older beta output_format) ->
 * response_format json_schema; output_config.effort -> reasoning_effort ("max" is OpenAI's "high").
 */
function applyOutputConfig(body: Json, out: Json): void {
  const config = body.output_config as Json | undefined;
  const format = (config?.format ?? body.output_format) as Json | undefined;
  if (format?.type === "json_schema" && format.schema && typeof format.schema === "object")
    out.response_format = { type: "json_schema", json_schema: { name: "output", schema: format.schema, strict: true } };
  const effort = config?.effort === "max" ? "high" : config?.effort;
  if (typeof effort === "string" && EFFORTS.has(effort)) out.reasoning_effort = effort;
}

export function claudeToOpenAIRequest(body: Json, o: ConvertOptions): Json {
  const messages: Json[] = [];
  const system = systemText(body.system);
  if (system) messages.push({ role: "system", content: system });
  for (const m of (body.messages as Json[]) ?? []) messages.push(...convertMessage(m));
  const out: Json = { model: o.upstreamModel, messages };
  if (typeof body.max_tokens === "number") out.max_tokens = body.max_tokens;
  // top_k rides the pivot for Claude/Gemini channels; the OpenAI channel side drops it (openai/format.ts).
  for (const k of ["temperature", "top_p", "top_k"]) if (typeof body[k] === "number") out[k] = body[k];
  if (Array.isArray(body.stop_sequences) && body.stop_sequences.length) out.stop = body.stop_sequences;
  if (Array.isArray(body.tools) && body.tools.length)
    out.tools = (body.tools as Json[])
      .filter((t) => typeof t.name === "string" && (t.type === undefined || t.type === "custom"))
      .map((t) => ({
        type: "function",
        function: {
          name: t.name,
          ...(typeof t.description === "string" ? { description: t.description } : {}),
          parameters: t.input_schema ?? { type: "object", properties: {} },
        },
      }));
  const choice = toolChoice(body.tool_choice);
  if (choice !== undefined && out.tools) out.tool_choice = choice;
  const thinking = body.thinking as Json | undefined;
  if (thinking?.type === "enabled") {
    const budget = Number(thinking.budget_tokens) || 0;
    out.reasoning_effort = budget <= 1280 ? "low" : budget <= 2048 ? "medium" : "high";
  }
  applyOutputConfig(body, out);
  if ((body.tool_choice as Json | undefined)?.disable_parallel_tool_use === true && out.tools)
    out.parallel_tool_calls = false;
  const user = (body.metadata as Json | undefined)?.user_id;
  if (typeof user === "string") out.user = user;
  if (o.stream) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  }
  return out;
}
