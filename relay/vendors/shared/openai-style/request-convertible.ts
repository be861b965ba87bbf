import "server-only";

// An OpenAI chat request about to be converted to another dialect (Claude, Gemini, Bedrock Converse,
// Cohere, Ollama): what OpenAI's own API refuses, and what the target cannot carry, is refused here
// (convert-guard.ts) instead of being dropped or replaced by a stand-in while converting. OpenAI's
// rules (platform.openai.com/docs/api-reference/chat/create): content is a string or an array of
// parts, null only for an assistant message with tool_calls; user parts are text,
// image_url, input_audio and file, assistant parts text and refusal, system/developer/tool parts
// text; a tool call has an id, a function name and string arguments; a tool message names its call.
// One pass over messages, parts and tools (never over the texts): linear in the request.
import {
  isObject,
  needText,
  refuseEmpty,
  refuseType,
  refuseUnknown,
  refuseUnsupported,
} from "@/relay/vendors/shared/convert-guard";
import type { Json } from "@/relay/kernel/format";
import { isChannelSystemPrompt } from "@/relay/kernel/channel-system-prompt";

export type PartType = "text" | "image_url" | "input_audio" | "file" | "refusal";

/** What the target dialect can carry of an OpenAI chat request. */
export type ChatTarget = {
  /** Content part types it carries (text always). */
  parts: readonly PartType[];
  /** It refuses an empty user or assistant content (Claude, Gemini, Bedrock Converse). */
  nonEmpty: boolean;
};

const ROLE_PARTS: Record<string, readonly PartType[]> = {
  user: ["text", "image_url", "input_audio", "file"],
  assistant: ["text", "refusal"],
  system: ["text"],
  developer: ["text"],
  tool: ["text"],
  function: ["text"],
};
const ROLES = Object.keys(ROLE_PARTS);

/** data: and http(s) URLs: what OpenAI (and every converter) takes for an image. */
const IMAGE_URL = /^(?:data:|https?:\/\/)/i;

function checkPart(p: unknown, at: string, role: string, target: ChatTarget): void {
  if (!isObject(p)) refuseType(at, "object");
  const type = p.type;
  const allowed = ROLE_PARTS[role]!;
  if (typeof type !== "string") refuseType(`${at}.type`, allowed.join(" | "));
  if (!(allowed as readonly string[]).includes(type)) refuseUnknown(`${at}.type`, type, allowed);
  if (!(target.parts as readonly string[]).includes(type)) refuseUnsupported(`${at}.type`, type, target.parts);
  if (type === "text") {
    if (typeof p.text !== "string") refuseType(`${at}.text`, "string");
    if (target.nonEmpty && !p.text) refuseEmpty(`${at}.text`);
  } else if (type === "refusal") needText(p.refusal, `${at}.refusal`);
  else if (type === "image_url") {
    const iu = p.image_url;
    const url = isObject(iu) ? iu.url : iu;
    const field = isObject(iu) ? `${at}.image_url.url` : `${at}.image_url`;
    if (!IMAGE_URL.test(needText(url, field))) refuseType(field, "data: or http(s) URL");
  } else if (type === "input_audio") {
    if (!isObject(p.input_audio)) refuseType(`${at}.input_audio`, "object");
    needText(p.input_audio.data, `${at}.input_audio.data`);
    needText(p.input_audio.format, `${at}.input_audio.format`);
  } else if (type === "file") {
    if (!isObject(p.file)) refuseType(`${at}.file`, "object");
    // file_id names a file stored at OpenAI: no other vendor can read it.
    if (!/^data:/i.test(needText(p.file.file_data, `${at}.file.file_data`)))
      refuseType(`${at}.file.file_data`, "data: URL");
  }
}

function checkToolCalls(calls: unknown, at: string): number {
  if (calls === undefined || calls === null) return 0;
  if (!Array.isArray(calls)) refuseType(at, "array");
  calls.forEach((c: unknown, k) => {
    const here = `${at}[${k}]`;
    if (!isObject(c)) refuseType(here, "object");
    if (c.type !== undefined && c.type !== "function") refuseUnsupported(`${here}.type`, c.type, ["function"]);
    needText(c.id, `${here}.id`);
    if (!isObject(c.function)) refuseType(`${here}.function`, "object");
    needText(c.function.name, `${here}.function.name`);
    const args = c.function.arguments;
    if (typeof args !== "string" && !isObject(args)) refuseType(`${here}.function.arguments`, "string");
  });
  return calls.length;
}

function checkMessage(m: unknown, at: string, last: boolean, target: ChatTarget): void {
  if (!isObject(m)) refuseType(at, "object");
  const role = m.role;
  if (typeof role !== "string") refuseType(`${at}.role`, ROLES.join(" | "));
  if (!Object.hasOwn(ROLE_PARTS, role)) refuseUnknown(`${at}.role`, role, ROLES);
  const calls = role === "assistant" ? checkToolCalls(m.tool_calls, `${at}.tool_calls`) : 0;
  if (role === "tool") needText(m.tool_call_id, `${at}.tool_call_id`);
  if (role === "function") needText(m.name, `${at}.name`);
  const content = m.content;
  // Assistant turns that only call tools carry no content; a final one may be empty (a prefill).
  const mayBeEmpty = role === "assistant" && (calls > 0 || last);
  if (content === undefined || content === null) {
    if (role === "assistant" && calls > 0) return;
    refuseType(`${at}.content`, "string | array");
  }
  const strict = target.nonEmpty && (role === "user" || role === "assistant") && !mayBeEmpty;
  if (typeof content === "string") {
    if (strict && !content) refuseEmpty(`${at}.content`);
    return;
  }
  if (!Array.isArray(content)) refuseType(`${at}.content`, "string | array");
  // OpenAI itself takes an empty list (openai-python#1812); a target that refuses empty content does not.
  if (strict && !content.length) refuseEmpty(`${at}.content`);
  content.forEach((p: unknown, j) => checkPart(p, `${at}.content[${j}]`, role, target));
}

function checkTools(tools: unknown): void {
  if (tools === undefined || tools === null) return;
  if (!Array.isArray(tools)) refuseType("tools", "array");
  tools.forEach((t: unknown, k) => {
    if (!isObject(t)) refuseType(`tools[${k}]`, "object");
    if (t.type !== undefined && t.type !== "function") refuseUnsupported(`tools[${k}].type`, t.type, ["function"]);
    if (!isObject(t.function)) refuseType(`tools[${k}].function`, "object");
    needText(t.function.name, `tools[${k}].function.name`);
  });
}

/** Refuses (400, naming the field) an OpenAI chat request that `target` cannot take as OpenAI sent it. */
export function checkChatConvertible(body: Json, target: ChatTarget): void {
  const messages = body.messages;
  if (!Array.isArray(messages)) refuseType("messages", "array");
  if (!messages.length) refuseEmpty("messages");
  const lastIndex = messages.length - 1;
  // Fields are named as the client sent them: without the channel's system prompt, when it was added.
  const shift = isChannelSystemPrompt(messages[0]) ? 1 : 0;
  messages.forEach((m: unknown, i) => checkMessage(m, `messages[${i - shift}]`, i === lastIndex, target));
  checkTools(body.tools);
}
