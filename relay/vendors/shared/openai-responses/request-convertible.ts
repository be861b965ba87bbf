import "server-only";

// An OpenAI Responses request about to be converted (to OpenAI chat, the pivot, for an Anthropic or
// Gemini channel): an item or content part the conversion would drop is refused instead
// (convert-guard.ts). OpenAI's rules (platform.openai.com/docs/api-reference/responses/create): a
// message item has a role (user, assistant, system, developer) and content (a string or a list of
// parts); function calls have a call_id, a name and string arguments; outputs name their call. What
// the pivot carries is in docs/formats.md; reasoning items and hosted tools' calls are dropped by
// design (only valid for the vendor that produced them). One pass over items and parts.
import {
  isObject,
  needText,
  refuseEmpty,
  refuseType,
  refuseUnknown,
  refuseUnsupported,
} from "@/relay/vendors/shared/convert-guard";
import type { Json } from "@/relay/kernel/format";

const ROLES = ["user", "assistant", "system", "developer"];
const PARTS = ["input_text", "output_text", "text", "summary_text", "refusal", "input_image", "input_file"];
const ITEMS = [
  "message",
  "function_call",
  "custom_tool_call",
  "function_call_output",
  "custom_tool_call_output",
  "reasoning",
  "web_search_call",
];

function checkPart(p: unknown, at: string): void {
  if (!isObject(p)) refuseType(at, "object");
  const type = p.type;
  if (typeof type !== "string") refuseType(`${at}.type`, PARTS.join(" | "));
  if (!PARTS.includes(type)) refuseUnknown(`${at}.type`, type, PARTS);
  if (type === "refusal") needText(p.refusal, `${at}.refusal`);
  else if (type === "input_image") {
    // file_id names a file stored at OpenAI: no other vendor can read it.
    const url = isObject(p.image_url) ? p.image_url.url : p.image_url;
    if (typeof url !== "string" || !url) refuseType(`${at}.image_url`, "string (URL or data: URL)");
  } else if (type === "input_file") {
    if (typeof p.file_data !== "string" || !p.file_data) refuseType(`${at}.file_data`, "string (data: URL)");
  } else if (typeof p.text !== "string") refuseType(`${at}.text`, "string");
}

function checkContent(content: unknown, at: string): void {
  if (typeof content === "string") return;
  if (!Array.isArray(content)) refuseType(at, "string | array");
  if (!content.length) refuseEmpty(at);
  content.forEach((p: unknown, j) => checkPart(p, `${at}[${j}]`));
}

function checkItem(raw: unknown, at: string): void {
  if (typeof raw === "string") return;
  if (!isObject(raw)) refuseType(at, "string | object");
  const type = raw.type ?? "message";
  if (typeof type !== "string") refuseType(`${at}.type`, ITEMS.join(" | "));
  if (!ITEMS.includes(type)) refuseUnsupported(`${at}.type`, type, ITEMS);
  if (type === "message") {
    if (typeof raw.role !== "string") refuseType(`${at}.role`, ROLES.join(" | "));
    if (!ROLES.includes(raw.role)) refuseUnknown(`${at}.role`, raw.role, ROLES);
    checkContent(raw.content, `${at}.content`);
  } else if (type === "function_call" || type === "custom_tool_call") {
    needText(raw.call_id, `${at}.call_id`);
    needText(raw.name, `${at}.name`);
    const payload = type === "function_call" ? "arguments" : "input";
    if (typeof raw[payload] !== "string") refuseType(`${at}.${payload}`, "string");
  } else if (type === "function_call_output" || type === "custom_tool_call_output") {
    needText(raw.call_id, `${at}.call_id`);
    const out = raw.output;
    if (Array.isArray(out)) out.forEach((p: unknown, j) => checkPart(p, `${at}.output[${j}]`));
    else if (typeof out !== "string") refuseType(`${at}.output`, "string | array");
  }
}

function checkTools(tools: unknown): void {
  if (!Array.isArray(tools)) return;
  tools.forEach((t: unknown, k) => {
    if (!isObject(t)) refuseType(`tools[${k}]`, "object");
    if (t.type === "function" || t.type === "custom") needText(t.name, `tools[${k}].name`);
  });
}

/** Refuses (400, naming the field) a Responses request whose conversion would lose part of it. */
export function checkResponsesConvertible(body: Json): void {
  const input = body.input;
  if (Array.isArray(input)) {
    if (!input.length) refuseEmpty("input");
    input.forEach((item: unknown, i) => checkItem(item, `input[${i}]`));
  } else if (input !== undefined && input !== null && typeof input !== "string") refuseType("input", "string | array");
  checkTools(body.tools);
}
