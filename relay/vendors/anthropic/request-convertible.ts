import "server-only";

// A Claude Messages request about to be converted (to OpenAI chat, the pivot, for an OpenAI or Gemini
// channel): a block the conversion would drop is refused instead (convert-guard.ts). Anthropic's rules
// (docs.anthropic.com/en/api/messages): content is a string or an array of blocks, every message but
// a final assistant one non-empty; system takes text blocks. What the pivot carries: user text,
// image (base64 or URL source), document (base64 PDF) and tool_result blocks; assistant text and
// tool_use blocks. Thinking and server-tool blocks of the assistant's history are dropped by design
// (docs/formats.md: their signatures are only valid for the vendor that produced them).
// One pass over messages and blocks: linear in the request.
import { isObject, needText, refuseEmpty, refuseType, refuseUnsupported } from "@/relay/vendors/shared/convert-guard";
import type { Json } from "@/relay/kernel/format";

const CARRIED: Record<string, readonly string[]> = {
  user: ["text", "image", "document", "tool_result"],
  assistant: ["text", "tool_use", "thinking", "redacted_thinking", "server_tool_use", "web_search_tool_result"],
  // Claude Code's mid-conversation system entries (anthropic/request-to-openai.ts).
  system: ["text"],
};
/** Blocks inside a tool_result: the text is carried; an image is left out (OpenAI tool messages are text). */
const TOOL_RESULT_BLOCKS = ["text", "image"];

function checkSource(b: Json, at: string): void {
  const src = b.source;
  if (!isObject(src)) refuseType(`${at}.source`, "object");
  const kinds = b.type === "document" ? ["base64"] : ["base64", "url"];
  if (!kinds.includes(src.type as string)) refuseUnsupported(`${at}.source.type`, src.type, kinds);
  needText(src.type === "url" ? src.url : src.data, `${at}.source.${src.type === "url" ? "url" : "data"}`);
}

function checkToolResult(b: Json, at: string): void {
  needText(b.tool_use_id, `${at}.tool_use_id`);
  const c = b.content;
  if (c === undefined || c === null || typeof c === "string") return;
  if (!Array.isArray(c)) refuseType(`${at}.content`, "string | array");
  c.forEach((inner: unknown, k) => {
    const here = `${at}.content[${k}]`;
    if (!isObject(inner)) refuseType(here, "object");
    if (!TOOL_RESULT_BLOCKS.includes(inner.type as string))
      refuseUnsupported(`${here}.type`, inner.type, TOOL_RESULT_BLOCKS);
    if (inner.type === "text" && typeof inner.text !== "string") refuseType(`${here}.text`, "string");
  });
}

function checkBlock(b: unknown, at: string, role: string): void {
  if (!isObject(b)) refuseType(at, "object");
  const carried = CARRIED[role]!;
  if (typeof b.type !== "string") refuseType(`${at}.type`, carried.join(" | "));
  if (!carried.includes(b.type)) refuseUnsupported(`${at}.type`, b.type, carried);
  switch (b.type) {
    case "text":
      return void needText(b.text, `${at}.text`);
    case "image":
    case "document":
      return checkSource(b, at);
    case "tool_result":
      return checkToolResult(b, at);
    case "tool_use":
      needText(b.id, `${at}.id`);
      needText(b.name, `${at}.name`);
  }
}

/** Refuses (400, naming the field) a Claude request whose conversion would lose part of it. */
export function checkClaudeConvertible(body: Json): void {
  if (Array.isArray(body.system))
    body.system.forEach((b: unknown, j) => {
      if (!isObject(b) || b.type !== "text") refuseUnsupported(`system[${j}].type`, isObject(b) ? b.type : b, ["text"]);
      if (typeof b.text !== "string") refuseType(`system[${j}].text`, "string");
    });
  // Client tools need a name; server tools (web search, code execution...) are documented as not carried.
  if (Array.isArray(body.tools))
    body.tools.forEach((t: unknown, k) => {
      if (!isObject(t)) refuseType(`tools[${k}]`, "object");
      if (t.type === undefined || t.type === null || t.type === "custom") needText(t.name, `tools[${k}].name`);
    });
  const messages = body.messages as unknown[];
  if (!messages.length) refuseEmpty("messages");
  messages.forEach((m, i) => {
    const at = `messages[${i}]`;
    const msg = m as Json;
    const role = String(msg.role);
    const content = msg.content;
    const finalAssistant = role === "assistant" && i === messages.length - 1;
    if (typeof content === "string") {
      if (!content && !finalAssistant && role !== "system") refuseEmpty(`${at}.content`);
      return;
    }
    if (!Array.isArray(content)) refuseType(`${at}.content`, "string | array");
    if (!content.length && !finalAssistant) refuseEmpty(`${at}.content`);
    content.forEach((b: unknown, j) => checkBlock(b, `${at}.content[${j}]`, role));
  });
}
