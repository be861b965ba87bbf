import "server-only";

// OpenAI chat/embeddings request -> Gemini request (a Gemini channel serving an OpenAI, or converted
// Claude, client), and the preparation of a Gemini-native request. Image URLs: data: URLs become
// inlineData. http(s) URLs are fetched beforehand through the SSRF guard (request-inline-images.ts, called by
// upstream/attempt.ts); one still here (e.g. the channel test) is refused with a 400.
import { invalidRequest } from "@/relay/kernel/error-codes";
import {
  cleanSchema,
  geminiUpstreamModel,
  safetySettings,
  thinkingConfig,
} from "@/relay/vendors/gemini/request-settings";
import type { ConvertOptions, Json } from "@/relay/kernel/format";
import { parseJsonObject } from "@/relay/kernel/json";
import { refuseType, refuseUnsupported } from "@/relay/vendors/shared/convert-guard";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";

/** What Gemini carries of OpenAI chat (files and audio as inlineData); it refuses empty parts. */
export const GEMINI_TARGET: ChatTarget = { parts: ["text", "image_url", "input_audio", "file"], nonEmpty: true };

type ToolCall = { id?: string; type?: string; function?: { name?: string; arguments?: string } };
type Message = { role?: string; content?: unknown; tool_calls?: ToolCall[]; tool_call_id?: string; name?: string };
type Part = Json;

const DATA_URL = /^data:([^;,]+)?(?:;[^,]*)?;base64,(.*)$/s;

function imagePart(url: string, mimeType = "image/png"): Part {
  const m = url.match(DATA_URL);
  if (m) return { inlineData: { mimeType: m[1] || mimeType, data: m[2] } };
  throw invalidRequest(
    "Gemini channels accept images only inline (data: URLs); this image URL could not be inlined",
    "image_url_not_supported",
  );
}

function contentParts(content: unknown): Part[] {
  if (typeof content === "string") return content ? [{ text: content }] : [];
  if (!Array.isArray(content)) return [];
  const parts: Part[] = [];
  for (const p of content as Json[]) {
    if (p.type === "text" && typeof p.text === "string") parts.push({ text: p.text });
    else if (p.type === "image_url") {
      const iu = p.image_url as { url?: string } | string | undefined;
      const url = typeof iu === "string" ? iu : iu?.url;
      if (url) parts.push(imagePart(url));
    } else if (p.type === "input_audio") {
      const a = p.input_audio as { data?: string; format?: string } | undefined;
      if (a?.data) parts.push({ inlineData: { mimeType: `audio/${a.format ?? "wav"}`, data: a.data } });
    } else if (p.type === "file") {
      // A PDF (or other document) as a data: URL, the only file form other vendors can read.
      const data = (p.file as { file_data?: string } | undefined)?.file_data;
      if (data) parts.push(imagePart(data, "application/pdf"));
    }
  }
  return parts;
}

const textOf = (content: unknown): string =>
  contentParts(content)
    .map((p) => (typeof p.text === "string" ? p.text : ""))
    .join("");

function parseArgs(args: string | undefined): Json {
  if (!args) return {};
  try {
    const v = JSON.parse(args) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : { value: v };
  } catch {
    return { arguments: args };
  }
}

/** A tool result as a functionResponse.response object (JSON objects kept, anything else wrapped). */
function responseObject(content: unknown): Json {
  const text = typeof content === "string" ? content : textOf(content);
  return parseJsonObject(text) ?? { output: text };
}

export function messagesToContents(messages: Message[]): { contents: Json[]; systemInstruction?: Json } {
  const system: string[] = [];
  const contents: Json[] = [];
  const callNames = new Map<string, string>();
  const push = (role: string, parts: Part[]) => {
    if (!parts.length) return;
    const last = contents[contents.length - 1];
    // Consecutive tool results belong to one turn (Gemini pairs them with the model's calls).
    if (last && last.role === role && parts.every((p) => p.functionResponse)) (last.parts as Part[]).push(...parts);
    else contents.push({ role, parts });
  };
  for (const m of messages) {
    if (m.role === "system" || m.role === "developer") {
      const t = textOf(m.content);
      if (t) system.push(t);
    } else if (m.role === "assistant") {
      const parts = contentParts(m.content);
      for (const c of m.tool_calls ?? []) {
        const name = c.function?.name ?? "";
        if (c.id) callNames.set(c.id, name);
        parts.push({ functionCall: { name, args: parseArgs(c.function?.arguments) } });
      }
      push("model", parts);
    } else if (m.role === "tool" || m.role === "function") {
      const name = (m.tool_call_id && callNames.get(m.tool_call_id)) || m.name || "";
      push("user", [{ functionResponse: { name, response: responseObject(m.content) } }]);
    } else push("user", contentParts(m.content));
  }
  return {
    contents,
    ...(system.length ? { systemInstruction: { parts: [{ text: system.join("\n") }] } } : {}),
  };
}

function toolsOf(body: Json): Json | null {
  const tools = (body.tools as { type?: string; function?: Json }[] | undefined) ?? [];
  const decls = tools
    .filter((t) => (t.type ?? "function") === "function" && t.function)
    .map((t) => {
      const f = t.function!;
      const params = cleanSchema(f.parameters) as Json | undefined;
      const empty = !params || (params.type === "object" && !Object.keys((params.properties as Json) ?? {}).length);
      return {
        name: f.name,
        ...(typeof f.description === "string" ? { description: f.description } : {}),
        ...(empty ? {} : { parameters: params }),
      };
    });
  return decls.length ? { functionDeclarations: decls } : null;
}

function toolConfigOf(choice: unknown): Json | null {
  if (choice === "none") return { functionCallingConfig: { mode: "NONE" } };
  if (choice === "required") return { functionCallingConfig: { mode: "ANY" } };
  if (choice === "auto") return { functionCallingConfig: { mode: "AUTO" } };
  const name = (choice as { function?: { name?: string } } | undefined)?.function?.name;
  if (name) return { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [name] } };
  return null;
}

function generationConfigOf(body: Json, o: ConvertOptions): Json {
  const g: Json = {};
  if (typeof body.temperature === "number") g.temperature = body.temperature;
  if (typeof body.top_p === "number") g.topP = body.top_p;
  if (typeof body.top_k === "number") g.topK = body.top_k;
  const max = Number(body.max_completion_tokens ?? body.max_tokens ?? 0) || 0;
  if (max > 0) g.maxOutputTokens = max;
  if (typeof body.stop === "string") g.stopSequences = [body.stop];
  else if (Array.isArray(body.stop) && body.stop.length) g.stopSequences = body.stop;
  if (typeof body.n === "number" && body.n > 1) g.candidateCount = body.n;
  if (typeof body.seed === "number") g.seed = body.seed;
  if (typeof body.presence_penalty === "number") g.presencePenalty = body.presence_penalty;
  if (typeof body.frequency_penalty === "number") g.frequencyPenalty = body.frequency_penalty;
  const rf = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (rf?.type === "json_object") g.responseMimeType = "application/json";
  if (rf?.type === "json_schema") {
    g.responseMimeType = "application/json";
    if (rf.json_schema?.schema) g.responseSchema = cleanSchema(rf.json_schema.schema);
  }
  const thinking = thinkingConfig(o.options, o.upstreamModel, max || undefined, body.reasoning_effort);
  if (thinking) g.thinkingConfig = thinking;
  return g;
}

function embeddingsRequest(body: Json, o: ConvertOptions): Json {
  const model = `models/${geminiUpstreamModel(o.options, o.upstreamModel)}`;
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  // Token ids (OpenAI's tokenizer) mean nothing to Gemini: only texts can be embedded there.
  inputs.forEach((text: unknown, i) => {
    if (typeof text !== "string")
      refuseUnsupported(Array.isArray(body.input) ? `input[${i}]` : "input", "token ids", ["string"]);
  });
  const dims = typeof body.dimensions === "number" ? { outputDimensionality: body.dimensions } : {};
  return {
    requests: inputs.map((text) => ({
      model,
      content: { parts: [{ text }] },
      ...dims,
    })),
  };
}

/** OpenAI request -> Gemini generateContent (or batchEmbedContents) body. */
export function fromOpenAIRequest(body: Json, o: ConvertOptions): Json {
  if (o.mode === "embeddings") return embeddingsRequest(body, o);
  checkChatConvertible(body, GEMINI_TARGET);
  const { contents, systemInstruction } = messagesToContents((body.messages as Message[]) ?? []);
  if (!contents.length) refuseType("messages", "at least one user or assistant message");
  const out: Json = { contents };
  if (systemInstruction) out.systemInstruction = systemInstruction;
  const tools = toolsOf(body);
  if (tools) out.tools = [tools];
  const toolConfig = toolConfigOf(body.tool_choice);
  if (tools && toolConfig) out.toolConfig = toolConfig;
  out.safetySettings = safetySettings(o.options);
  const g = generationConfigOf(body, o);
  if (Object.keys(g).length) out.generationConfig = g;
  return out;
}

/** A Gemini-native request for the channel: embeddings get the mapped model, chat the operator's
 * safety settings (unless the client set its own) and the thinking suffix budget. */
export function prepareNative(body: Json, o: ConvertOptions): Json {
  const model = `models/${geminiUpstreamModel(o.options, o.upstreamModel)}`;
  if (o.mode === "embeddings") {
    if (Array.isArray(body.requests))
      return { ...body, requests: (body.requests as Json[]).map((r) => ({ ...r, model })) };
    return { ...body, model };
  }
  const out: Json = { ...body };
  if (!out.safetySettings) out.safetySettings = safetySettings(o.options);
  const g = { ...((out.generationConfig as Json | undefined) ?? {}) };
  if (!g.thinkingConfig) {
    const thinking = thinkingConfig(o.options, o.upstreamModel, Number(g.maxOutputTokens) || undefined, undefined);
    if (thinking) out.generationConfig = { ...g, thinkingConfig: thinking };
  }
  return out;
}
