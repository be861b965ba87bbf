import "server-only";

// A Gemini generateContent request about to be converted (to OpenAI chat, the pivot, for an OpenAI or
// Claude channel): a part the conversion would drop is refused instead (convert-guard.ts). Gemini's
// rules (ai.google.dev/api/caching#Content, #Part): a content has a non-empty parts list, and a part
// exactly one data field. What the pivot carries: user text, inlineData, fileData and
// functionResponse parts; model text and functionCall parts; text in the system instruction.
// One pass over contents and parts: linear in the request.
import { isObject, needText, refuseEmpty, refuseType, refuseUnsupported } from "@/relay/vendors/shared/convert-guard";
import type { Json } from "@/relay/kernel/format";

const DATA_FIELDS = [
  "text",
  "inlineData",
  "fileData",
  "functionCall",
  "functionResponse",
  "executableCode",
  "codeExecutionResult",
] as const;

const CARRIED = {
  user: ["text", "inlineData", "fileData", "functionResponse"],
  model: ["text", "functionCall"],
  system: ["text"],
} as const;

type Carrier = keyof typeof CARRIED;

function checkPart(p: unknown, at: string, carrier: Carrier): void {
  if (!isObject(p)) refuseType(at, "object");
  const present = DATA_FIELDS.filter((f) => p[f] !== undefined && p[f] !== null);
  if (present.length !== 1) refuseType(at, `exactly one of ${DATA_FIELDS.join(" | ")}`);
  const field = present[0]!;
  const carried: readonly string[] = CARRIED[carrier];
  if (!carried.includes(field)) refuseUnsupported(`${at}.${field}`, field, carried);
  const v = p[field];
  if (field === "text") {
    if (typeof v !== "string") refuseType(`${at}.text`, "string");
    return;
  }
  if (!isObject(v)) refuseType(`${at}.${field}`, "object");
  if (field === "inlineData") {
    needText(v.mimeType, `${at}.inlineData.mimeType`);
    needText(v.data, `${at}.inlineData.data`);
  } else if (field === "fileData") needText(v.fileUri, `${at}.fileData.fileUri`);
  else needText(v.name, `${at}.${field}.name`);
}

function checkParts(parts: unknown, at: string, carrier: Carrier): void {
  if (!Array.isArray(parts)) refuseType(at, "array");
  if (!parts.length) refuseEmpty(at);
  parts.forEach((p: unknown, j) => checkPart(p, `${at}[${j}]`, carrier));
}

/** embedContent / batchEmbedContents to OpenAI embeddings: texts only. */
export function checkGeminiEmbedConvertible(body: Json): void {
  const one = (content: unknown, at: string) => {
    if (typeof content === "string") return;
    checkParts(Array.isArray(content) ? content : isObject(content) ? content.parts : undefined, at, "system");
  };
  if (Array.isArray(body.requests))
    body.requests.forEach((r: unknown, i) => one(isObject(r) ? r.content : r, `requests[${i}].content.parts`));
  else one(body.content, "content.parts");
}

/** Refuses (400, naming the field) a Gemini request whose conversion would lose part of it. */
export function checkGeminiConvertible(body: Json): void {
  const system = body.systemInstruction;
  if (Array.isArray(system)) checkParts(system, "systemInstruction", "system");
  else if (isObject(system) && system.parts !== undefined && system.parts !== null)
    checkParts(system.parts, "systemInstruction.parts", "system");
  (body.contents as Json[]).forEach((c, i) =>
    checkParts(c.parts, `contents[${i}].parts`, c.role === "model" ? "model" : "user"),
  );
}
