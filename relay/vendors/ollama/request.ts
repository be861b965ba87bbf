import "server-only";

// OpenAI -> Ollama's native API (github.com/ollama/ollama/blob/main/docs/api.md). POST /api/chat:
// messages (content text, images as bare base64, assistant tool_calls with object arguments, tool
// results with tool_name), tools in the OpenAI shape, options {temperature, top_p, top_k, num_predict,
// stop, seed, penalties}, format "json" or a JSON schema. POST /api/embed: {model, input}. The answers:
// response.ts, stream.ts.
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import { argumentsObject, imageUrlOf, parseDataUrl } from "@/relay/vendors/shared/openai-style/response-chunks";
import type { OpenAIChat } from "@/relay/vendors/shared/openai-style/wire";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";
import { copySampling } from "@/relay/vendors/shared/openai-style/request-sampling";

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

/** The /api/embed body for an OpenAI embeddings request (text only). */
export function ollamaEmbedBody(body: Json, model: string): Json {
  const input = body.input;
  const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input : [];
  if (!texts.length || !texts.every((t) => typeof t === "string"))
    throw invalidRequest("Ollama embeddings take 'input' as a string or a list of strings", "invalid_input");
  return { model, input: texts, ...(typeof body.dimensions === "number" ? { dimensions: body.dimensions } : {}) };
}
