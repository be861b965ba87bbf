import "server-only";

// Gemini client requests: validation/facts, and Gemini -> OpenAI request (a Gemini client on an
// OpenAI-format or Claude channel). Schemas from the SDK use upper-case types (OBJECT, STRING):
// OpenAI wants JSON Schema, so types are lower-cased.
import type { RelayMode } from "@/relay/kernel/adapter";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { ConvertOptions, Json, RequestFacts } from "@/relay/kernel/format";
import { estimatePromptTokens, estimateText } from "@/relay/kernel/tokenize";
import { geminiBatchEmbedSchema, geminiChatSchema, geminiEmbedSchema } from "@/relay/vendors/gemini/wire";
import { checkWire } from "@/relay/kernel/wire-guard";
import {
  choiceCount,
  GEMINI_CHOICE_FIELDS,
  GEMINI_LIMIT_FIELDS,
  geminiConfigs,
  largestLimit,
} from "@/relay/kernel/output-limits";

type Part = {
  text?: string;
  thought?: boolean;
  inlineData?: { mimeType?: string; data?: string };
  fileData?: { mimeType?: string; fileUri?: string };
  functionCall?: { id?: string; name?: string; args?: unknown };
  functionResponse?: { id?: string; name?: string; response?: unknown };
};
type Content = { role?: string; parts?: Part[] };

function partsOf(v: unknown): Part[] {
  if (typeof v === "string") return [{ text: v }];
  if (Array.isArray(v)) return v as Part[];
  const c = v as Content | undefined;
  return Array.isArray(c?.parts) ? c.parts : [];
}

const textOfParts = (parts: Part[]) =>
  parts
    .filter((p) => typeof p.text === "string" && !p.thought)
    .map((p) => p.text)
    .join("");

export function checkGeminiShape(body: Json, mode: RelayMode): void {
  if (mode === "embeddings") {
    if (!body.content && !Array.isArray(body.requests))
      throw invalidRequest(
        "'content' (embedContent) or 'requests' (batchEmbedContents) is required",
        "invalid_content",
      );
    checkWire(body.requests !== undefined ? geminiBatchEmbedSchema : geminiEmbedSchema, body);
    return;
  }
  if (!Array.isArray(body.contents) || !body.contents.length)
    throw invalidRequest("'contents' must be a non-empty array", "invalid_contents");
  for (const c of body.contents as Content[]) {
    if (!c || typeof c !== "object" || !Array.isArray(c.parts))
      throw invalidRequest("every item of 'contents' needs a 'parts' array", "invalid_contents");
    if (c.role !== undefined && c.role !== "user" && c.role !== "model" && c.role !== "function")
      throw invalidRequest(`invalid role '${String(c.role)}' in 'contents'`, "invalid_contents");
  }
  const g = body.generationConfig as Json | undefined;
  const max = g?.maxOutputTokens;
  if (max !== undefined && (typeof max !== "number" || !Number.isInteger(max) || max < 0))
    throw invalidRequest("'generationConfig.maxOutputTokens' must be a non-negative integer", "invalid_max_tokens");
  checkWire(geminiChatSchema, body);
}

/** Every prompt text of a Gemini request (system instruction, contents, embeddings inputs). */
export function geminiPromptText(body: Json): string {
  const texts: string[] = [];
  if (body.systemInstruction) texts.push(textOfParts(partsOf(body.systemInstruction)));
  for (const c of (body.contents as Content[] | undefined) ?? []) texts.push(textOfParts(c.parts ?? []));
  if (body.content) texts.push(textOfParts(partsOf(body.content)));
  for (const r of (body.requests as { content?: unknown }[] | undefined) ?? [])
    texts.push(textOfParts(partsOf(r.content)));
  return texts.filter(Boolean).join("\n");
}

/** Facts of a Gemini request; the endpoint fills model and stream from the path. */
export function inspect(body: Json, mode: RelayMode): RequestFacts {
  checkGeminiShape(body, mode);
  const text = geminiPromptText(body);
  const configs = geminiConfigs(body);
  const chat = mode === "chat";
  return {
    model: undefined,
    stream: false,
    clientWantsUsage: false,
    maxTokens: chat ? Math.max(0, ...configs.map((g) => largestLimit(g, GEMINI_LIMIT_FIELDS))) : 0,
    choices: chat ? choiceCount(...configs.flatMap((g) => GEMINI_CHOICE_FIELDS.map((f) => g[f]))) : 1,
    promptText: text,
    promptTokens: mode === "chat" ? estimatePromptTokens(toOpenAIChat(body, "")) : estimateText(text),
  };
}

/** Gemini schema (upper-case OpenAPI types) -> JSON Schema. */
export function schemaToJson(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaToJson);
  if (!schema || typeof schema !== "object") return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (k === "type" && typeof v === "string") out.type = v.toLowerCase();
    else if (k === "properties" && v && typeof v === "object")
      out.properties = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, schemaToJson(s)]));
    else if (k === "items" || k === "anyOf") out[k] = schemaToJson(v);
    else if (k === "nullable" || k === "propertyOrdering") continue;
    else out[k] = v;
  }
  return out;
}

function userContent(parts: Part[]): unknown {
  const media = parts.some((p) => p.inlineData || p.fileData);
  if (!media) return textOfParts(parts);
  const out: Json[] = [];
  for (const p of parts) {
    if (typeof p.text === "string") out.push({ type: "text", text: p.text });
    else if (p.inlineData?.data)
      out.push({
        type: "image_url",
        image_url: { url: `data:${p.inlineData.mimeType ?? "image/png"};base64,${p.inlineData.data}` },
      });
    else if (p.fileData?.fileUri) out.push({ type: "image_url", image_url: { url: p.fileData.fileUri } });
  }
  return out;
}

function messagesOf(body: Json): Json[] {
  const messages: Json[] = [];
  const system = body.systemInstruction ? textOfParts(partsOf(body.systemInstruction)) : "";
  if (system) messages.push({ role: "system", content: system });
  // Gemini pairs calls and responses by name (and order): give each call an id, and each response
  // the id of the oldest unanswered call of that name.
  const pending = new Map<string, string[]>();
  let seq = 0;
  for (const c of (body.contents as Content[] | undefined) ?? []) {
    const parts = c.parts ?? [];
    if (c.role === "model") {
      const calls = parts.filter((p) => p.functionCall);
      const msg: Json = { role: "assistant", content: textOfParts(parts) || (calls.length ? null : "") };
      if (calls.length)
        msg.tool_calls = calls.map((p) => {
          const name = p.functionCall!.name ?? "";
          const id = p.functionCall!.id || `call_${seq++}`;
          const queue = pending.get(name);
          if (queue) queue.push(id);
          else pending.set(name, [id]);
          return { id, type: "function", function: { name, arguments: JSON.stringify(p.functionCall!.args ?? {}) } };
        });
      messages.push(msg);
      continue;
    }
    for (const p of parts.filter((x) => x.functionResponse)) {
      const name = p.functionResponse!.name ?? "";
      const queue = pending.get(name) ?? [];
      const id = p.functionResponse!.id || queue.shift() || `call_${seq++}`;
      messages.push({ role: "tool", tool_call_id: id, content: JSON.stringify(p.functionResponse!.response ?? {}) });
    }
    const rest = parts.filter((x) => !x.functionResponse);
    if (rest.length) messages.push({ role: "user", content: userContent(rest) });
  }
  return messages;
}

function toolChoiceOf(toolConfig: unknown): unknown {
  const cfg = (toolConfig as { functionCallingConfig?: { mode?: string; allowedFunctionNames?: string[] } } | undefined)
    ?.functionCallingConfig;
  if (!cfg?.mode) return undefined;
  if (cfg.mode === "NONE") return "none";
  if (cfg.mode === "ANY")
    return cfg.allowedFunctionNames?.length === 1
      ? { type: "function", function: { name: cfg.allowedFunctionNames[0] } }
      : "required";
  return "auto";
}

const LEVELS: Record<string, string> = { MINIMAL: "minimal", LOW: "low", MEDIUM: "medium", HIGH: "high" };

/** thinkingConfig -> reasoning_effort (as Claude's thinking budget is): thinkingLevel by name,
 *  thinkingBudget by size; 0 (off) and -1 (dynamic) leave the channel's default. */
function effortOf(v: unknown): string | undefined {
  const t = v as { thinkingBudget?: unknown; thinkingLevel?: unknown } | undefined;
  if (!t || typeof t !== "object") return undefined;
  if (typeof t.thinkingLevel === "string" && Object.hasOwn(LEVELS, t.thinkingLevel)) return LEVELS[t.thinkingLevel];
  const b = t.thinkingBudget;
  if (typeof b !== "number" || b <= 0) return undefined;
  return b <= 1280 ? "low" : b <= 8192 ? "medium" : "high";
}

function toOpenAIChat(body: Json, model: string): Json {
  const out: Json = { model, messages: messagesOf(body) };
  const tools: Json[] = [];
  for (const t of (body.tools as { functionDeclarations?: Json[] }[] | undefined) ?? [])
    for (const f of t.functionDeclarations ?? [])
      tools.push({
        type: "function",
        function: {
          name: f.name,
          ...(typeof f.description === "string" ? { description: f.description } : {}),
          parameters: f.parametersJsonSchema ?? schemaToJson(f.parameters) ?? { type: "object", properties: {} },
        },
      });
  if (tools.length) out.tools = tools;
  const choice = toolChoiceOf(body.toolConfig);
  if (tools.length && choice) out.tool_choice = choice;
  const g = (body.generationConfig as Json | undefined) ?? {};
  if (typeof g.temperature === "number") out.temperature = g.temperature;
  if (typeof g.topP === "number") out.top_p = g.topP;
  if (typeof g.topK === "number") out.top_k = g.topK;
  const effort = effortOf(g.thinkingConfig);
  if (effort) out.reasoning_effort = effort;
  if (typeof g.maxOutputTokens === "number" && g.maxOutputTokens > 0) out.max_tokens = g.maxOutputTokens;
  if (Array.isArray(g.stopSequences) && g.stopSequences.length) out.stop = g.stopSequences;
  if (typeof g.candidateCount === "number" && g.candidateCount > 1) out.n = g.candidateCount;
  if (typeof g.seed === "number") out.seed = g.seed;
  if (typeof g.presencePenalty === "number") out.presence_penalty = g.presencePenalty;
  if (typeof g.frequencyPenalty === "number") out.frequency_penalty = g.frequencyPenalty;
  if (g.responseMimeType === "application/json") {
    const schema = g.responseJsonSchema ?? (g.responseSchema ? schemaToJson(g.responseSchema) : undefined);
    out.response_format = schema
      ? { type: "json_schema", json_schema: { name: "response", schema } }
      : { type: "json_object" };
  }
  return out;
}

/** Gemini request -> OpenAI chat completions (or embeddings) request. */
export function toOpenAIRequest(body: Json, o: ConvertOptions): Json {
  if (o.mode === "embeddings") {
    const requests = Array.isArray(body.requests) ? (body.requests as Json[]) : null;
    const texts = (requests ?? [body]).map((r) => textOfParts(partsOf(r.content)));
    const dims = (requests?.[0] ?? body).outputDimensionality;
    return {
      model: o.upstreamModel,
      input: requests ? texts : texts[0],
      ...(typeof dims === "number" ? { dimensions: dims } : {}),
    };
  }
  const out = toOpenAIChat(body, o.upstreamModel);
  if (o.stream) out.stream = true;
  return out;
}
