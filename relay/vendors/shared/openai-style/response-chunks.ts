import "server-only";

// OpenAI chat.completion(.chunk) builders for native-dialect adapters (Bedrock Converse, Cohere v2,
// Ollama /api/chat): their answers are rewritten into the OpenAI pivot inside the adapter, so the
// relay's OpenAI paths (fast path, conversions for Claude/Gemini/Responses clients) read them as is.
import { randomBytes } from "node:crypto";
import { dataFrame } from "@/relay/kernel/frames";
import { PendingText } from "@/relay/kernel/bounded-lines";
import { warnBadUsage } from "@/relay/kernel/usage-check";
import type { Json } from "@/relay/kernel/format";

export type OpenAIToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

/** Token usage as a native API reports it; `cacheRead`/`cacheWrite` are NOT included in `input`. */
export type NativeUsage = { input: number; output: number; cacheRead?: number; cacheWrite?: number };

export const completionId = () => `chatcmpl-${randomBytes(12).toString("hex")}`;

/** OpenAI usage: prompt_tokens includes the cache parts (lib/server/ledger/pricing.ts). */
export function openAIUsage(u: NativeUsage): Json {
  const read = u.cacheRead ?? 0;
  const write = u.cacheWrite ?? 0;
  const prompt = u.input + read + write;
  return {
    prompt_tokens: prompt,
    completion_tokens: u.output,
    total_tokens: prompt + u.output,
    ...(read || write ? { prompt_tokens_details: { cached_tokens: read, cached_creation_tokens: write } } : {}),
  };
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
export { num as tokenCount };

/** A native usage whose fields were read with usageCount: null when it reports nothing, and null
 *  (logged) when a field is not a count, so the relay bills the call by its own count. */
export function nativeUsage(u: NativeUsage): NativeUsage | null {
  const values = [u.input, u.output, u.cacheRead ?? 0, u.cacheWrite ?? 0];
  if (values.some((n) => Number.isNaN(n))) {
    warnBadUsage(u);
    return null;
  }
  return values.some((n) => n > 0) ? u : null;
}

/** A non-stream chat.completion. */
export function completion(
  model: string,
  message: { content: string; reasoning?: string; toolCalls: OpenAIToolCall[] },
  finishReason: string,
  usage: NativeUsage | null,
): Json {
  return {
    id: completionId(),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: message.content || (message.toolCalls.length ? null : ""),
          ...(message.reasoning ? { reasoning_content: message.reasoning } : {}),
          ...(message.toolCalls.length ? { tool_calls: message.toolCalls } : {}),
        },
        finish_reason: finishReason,
      },
    ],
    ...(usage ? { usage: openAIUsage(usage) } : {}),
  };
}

/** SSE frames of one OpenAI stream (same id and model on every chunk). */
export function chunkWriter(model: string) {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  const base = () => ({ id, object: "chat.completion.chunk", created, model });
  return {
    delta: (delta: Json, finishReason: string | null = null) =>
      dataFrame({ ...base(), choices: [{ index: 0, delta, finish_reason: finishReason }] }),
    usage: (u: NativeUsage) => dataFrame({ ...base(), choices: [], usage: openAIUsage(u) }),
    /** An error inside a 200 stream, as OpenAI-compatible upstreams send it. */
    error: (type: string, message: string) => dataFrame({ error: { message, type, code: type } }),
    done: () => dataFrame("[DONE]"),
  };
}

/** Tool-call arguments as the JSON text OpenAI carries (objects are serialised). */
export function argumentsText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === undefined || v === null) return "{}";
  return JSON.stringify(v);
}

/** Tool-call arguments as an object (native APIs that take JSON values); non-JSON text -> {}. */
export function argumentsObject(v: unknown): Json {
  if (v && typeof v === "object" && !Array.isArray(v)) return v as Json;
  if (typeof v !== "string" || !v.trim()) return {};
  try {
    const o = JSON.parse(v) as unknown;
    return o && typeof o === "object" && !Array.isArray(o) ? (o as Json) : {};
  } catch {
    return {};
  }
}

/** A data: URL's media type and base64 payload (null for any other URL). */
export function parseDataUrl(url: string): { mediaType: string; base64: string } | null {
  const m = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?(?:;[^,;]*)*;base64,/i.exec(url);
  if (!m) return null;
  return { mediaType: (m[1] ?? "application/octet-stream").toLowerCase(), base64: url.slice(m[0].length) };
}

/** The URL of an OpenAI image_url part (string or {url}). */
export function imageUrlOf(part: { image_url?: unknown }): string {
  const v = part.image_url;
  if (typeof v === "string") return v;
  if (v && typeof v === "object" && typeof (v as { url?: unknown }).url === "string") return (v as { url: string }).url;
  return "";
}

/** Newline-delimited frames from a byte stream (NDJSON): each byte searched once, a line longer
 *  than `maxLine` ends the stream with an error (streaming/bounded.ts). */
export async function* lines(body: AsyncIterable<Buffer>, maxLine?: number): AsyncIterable<string> {
  const decoder = new TextDecoder();
  const pending = new PendingText("\n", maxLine);
  for await (const chunk of body) {
    const complete = pending.push(decoder.decode(chunk, { stream: true }));
    if (!complete) continue;
    for (const line of complete.split("\n")) {
      const t = line.trim();
      if (t) yield t;
    }
  }
  const last = (pending.rest() + decoder.decode()).trim();
  if (last) yield last;
}
