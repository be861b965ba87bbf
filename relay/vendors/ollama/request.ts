import "server-only";

// Ollama's native API (github.com/ollama/ollama/blob/main/docs/api.md) <-> OpenAI.
// POST /api/chat: messages (content text, images as bare base64, assistant tool_calls with object
// arguments, tool results with tool_name), tools in the OpenAI shape, options {temperature, top_p,
// top_k, num_predict, stop, seed, penalties}, format "json" or a JSON schema. The answer (or each NDJSON
// line of a stream) has message {content, thinking, tool_calls}, done, done_reason and the usage
// counts prompt_eval_count / eval_count. POST /api/embed: {model, input} -> {embeddings}.
import { invalidRequest } from "@/relay/kernel/error-codes";
import { parseJsonObject } from "@/relay/kernel/json";
import type { Json } from "@/relay/kernel/format";
import {
  argumentsObject,
  argumentsText,
  chunkWriter,
  completion,
  imageUrlOf,
  lines,
  nativeUsage,
  parseDataUrl,
  tokenCount,
  type NativeUsage,
  type OpenAIToolCall,
} from "@/relay/vendors/shared/openai-style/response-chunks";
import type { OpenAIChat } from "@/relay/vendors/shared/openai-style/wire";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";
import { copySampling } from "@/relay/vendors/shared/openai-style/request-sampling";
import { usageCount } from "@/relay/kernel/usage-check";

type Message = OpenAIChat["messages"][number];

/** What Ollama's /api/chat carries of OpenAI chat: text and (data: URL) images. */
const OLLAMA_TARGET: ChatTarget = { parts: ["text", "image_url"], nonEmpty: false };

function split(content: Message["content"]): { text: string; images: string[] } {
  if (typeof content === "string") return { text: content, images: [] };
  let text = "";
  const images: string[] = [];
  for (const p of content ?? []) {
    if (p.type === "image_url") {
      const data = parseDataUrl(imageUrlOf(p));
      if (!data) throw invalidRequest("Ollama takes images as base64 data: URLs only", "invalid_image_url");
      images.push(data.base64);
    } else if (p.type === "text" || p.type == null) text += p.text ?? "";
    else throw invalidRequest(`content part type ${String(p.type)} is not supported by Ollama`);
  }
  return { text, images };
}

/** The /api/chat body for an OpenAI chat request. */
export function ollamaChatBody(input: Json, model: string, stream: boolean): Json {
  checkChatConvertible(input, OLLAMA_TARGET);
  const body = input as OpenAIChat;
  const toolNames = new Map<string, string>();
  const messages = (body.messages ?? []).map((m) => {
    const { text, images } = split(m.content);
    const role = m.role === "developer" ? "system" : m.role;
    const out: Json = { role, content: text, ...(images.length ? { images } : {}) };
    if (m.role === "assistant" && m.tool_calls?.length)
      out.tool_calls = m.tool_calls.map((c) => {
        if (c.id && c.function?.name) toolNames.set(c.id, c.function.name);
        return { function: { name: c.function?.name ?? "", arguments: argumentsObject(c.function?.arguments) } };
      });
    if (m.role === "tool") out.tool_name = toolNames.get(m.tool_call_id ?? "") ?? m.name ?? "";
    return out;
  });
  const options: Json = {};
  // the sampling parameters go in `options`, under OpenAI's names but for the output limit
  copySampling(body, options, { max_tokens: "num_predict" });
  const tools = (body.tools ?? []).filter((t) => t.function && (t.type ?? "function") === "function");
  const rf = body.response_format;
  const format = rf?.type === "json_object" ? "json" : rf?.type === "json_schema" ? rf.json_schema?.schema : undefined;
  return {
    model,
    messages,
    stream,
    ...(tools.length && body.tool_choice !== "none" ? { tools } : {}),
    ...(Object.keys(options).length ? { options } : {}),
    ...(format ? { format } : {}),
  };
}

export function ollamaUsage(j: Json): NativeUsage | null {
  return nativeUsage({ input: usageCount(j.prompt_eval_count), output: usageCount(j.eval_count) });
}

type OllamaMessage = { content?: unknown; thinking?: unknown; tool_calls?: unknown };
type OllamaCall = { id?: unknown; function?: { name?: unknown; arguments?: unknown } };

function toolCalls(m: OllamaMessage | undefined, first: number): OpenAIToolCall[] {
  const calls = Array.isArray(m?.tool_calls) ? (m!.tool_calls as OllamaCall[]) : [];
  return calls.map((c, i) => ({
    id: typeof c?.id === "string" && c.id ? c.id : `call_${first + i}`,
    type: "function",
    function: { name: String(c?.function?.name ?? ""), arguments: argumentsText(c?.function?.arguments ?? {}) },
  }));
}

const finish = (reason: unknown, calls: boolean) => (calls ? "tool_calls" : reason === "length" ? "length" : "stop");

/** A non-stream /api/chat answer -> chat.completion. */
export function ollamaChatToOpenAI(json: unknown, model: string): Json {
  const j = (json ?? {}) as Json & { message?: OllamaMessage };
  const calls = toolCalls(j.message, 0);
  const content = typeof j.message?.content === "string" ? j.message.content : "";
  const reasoning = typeof j.message?.thinking === "string" ? j.message.thinking : "";
  return completion(
    model,
    { content, reasoning, toolCalls: calls },
    finish(j.done_reason, calls.length > 0),
    ollamaUsage(j),
  );
}

/** A /api/chat NDJSON stream -> OpenAI SSE text (an `error` line ends it as an error payload). */
export function ollamaEventsToSse(model: string) {
  return async function* (body: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    const w = chunkWriter(model);
    let calls = 0;
    let started = false;
    try {
      for await (const line of lines(body)) {
        const j = parseJsonObject(line);
        if (!j) continue;
        if (typeof j.error === "string") {
          yield Buffer.from(w.error("api_error", j.error.slice(0, 2000)));
          continue;
        }
        const m = j.message as OllamaMessage | undefined;
        let out = started ? "" : w.delta({ role: "assistant", content: "" });
        started = true;
        if (typeof m?.thinking === "string" && m.thinking) out += w.delta({ reasoning_content: m.thinking });
        if (typeof m?.content === "string" && m.content) out += w.delta({ content: m.content });
        const tc = toolCalls(m, calls);
        if (tc.length) out += w.delta({ tool_calls: tc.map((c, i) => ({ index: calls + i, ...c })) });
        calls += tc.length;
        if (j.done === true) {
          out += w.delta({}, finish(j.done_reason, calls > 0));
          const u = ollamaUsage(j);
          if (u) out += w.usage(u);
        }
        if (out) yield Buffer.from(out);
      }
    } catch (err) {
      yield Buffer.from(w.error("api_error", err instanceof Error ? err.message : "stream error"));
    }
    yield Buffer.from(w.done());
  };
}

/** The /api/embed body for an OpenAI embeddings request (text only). */
export function ollamaEmbedBody(body: Json, model: string): Json {
  const input = body.input;
  const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input : [];
  if (!texts.length || !texts.every((t) => typeof t === "string"))
    throw invalidRequest("Ollama embeddings take 'input' as a string or a list of strings", "invalid_input");
  return { model, input: texts, ...(typeof body.dimensions === "number" ? { dimensions: body.dimensions } : {}) };
}

export function ollamaEmbedToOpenAI(json: unknown, model: string): Json {
  const j = (json ?? {}) as Json;
  const vectors = Array.isArray(j.embeddings) ? (j.embeddings as unknown[]) : [];
  const prompt = tokenCount(j.prompt_eval_count);
  return {
    object: "list",
    data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
    model,
    usage: { prompt_tokens: prompt, total_tokens: prompt },
  };
}
