import "server-only";

// OpenAI chat answers made by the adapters of app platforms that speak their own APIs (Dify, Coze):
// chunk frames, the usage-only chunk, [DONE], an error frame and the non-stream chat.completion. The
// adapters re-frame the platform's event stream into these (decodeStream), so every client format
// reads the channel as an OpenAI one.
import { randomUUID } from "node:crypto";
import { boundedSseParser } from "@/relay/kernel/bounded-lines";
import { usageCount, warnBadUsage } from "@/relay/kernel/usage-check";

export type AnswerIds = { id: string; model: string; created: number };
/**
 * The ids of one call to a chat app (Coze, Dify): the request's own id (the apps want a user or
 * conversation tag) and the ids every OpenAI chunk and answer of the call carries.
 */
export function appCallIds(upstreamModel: string): { requestId: string; ids: AnswerIds } {
  const id = randomUUID();
  return {
    requestId: `relay-${id}`,
    ids: { id: `chatcmpl-${id}`, model: upstreamModel, created: Math.floor(Date.now() / 1000) },
  };
}

export type OpenAIUsage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };
type Event = { event?: string; data: string };

const frame = (payload: object) => `data: ${JSON.stringify(payload)}\n\n`;

export const DONE_FRAME = "data: [DONE]\n\n";

export function chunkFrame(ids: AnswerIds, delta: Record<string, unknown>, finish: string | null = null): string {
  return frame({
    id: ids.id,
    object: "chat.completion.chunk",
    created: ids.created,
    model: ids.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
}

export function usageFrame(ids: AnswerIds, usage: OpenAIUsage): string {
  return frame({
    id: ids.id,
    object: "chat.completion.chunk",
    created: ids.created,
    model: ids.model,
    choices: [],
    usage,
  });
}

/** A mid-stream failure, as OpenAI reports one (`data: {"error": ...}`); the stream ends after it. */
export function errorFrame(message: string, code: string | number = "upstream_error"): string {
  return frame({ error: { message: message.slice(0, 2000), type: "upstream_error", code: String(code) } });
}

export function chatCompletion(ids: AnswerIds, content: string, usage: OpenAIUsage | null): string {
  return JSON.stringify({
    id: ids.id,
    object: "chat.completion",
    created: ids.created,
    model: ids.model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    ...(usage ? { usage } : {}),
  });
}

/**
 * An app provider's usage fields -> OpenAI usage; null when it reports no tokens, or when a field is
 * not a count (logged: the call is then billed by our own count, as for every other upstream).
 */
export function appUsage(prompt: unknown, completion: unknown, total: unknown): OpenAIUsage | null {
  const fields = { prompt: usageCount(prompt), completion: usageCount(completion), total: usageCount(total) };
  if (Object.values(fields).some(Number.isNaN)) {
    warnBadUsage(fields);
    return null;
  }
  if (!fields.prompt && !fields.completion) return null;
  const total_tokens = fields.total || fields.prompt + fields.completion;
  return { prompt_tokens: fields.prompt, completion_tokens: fields.completion, total_tokens };
}

/** A number from an upstream field (0 when absent or not a finite non-negative number). */
export function count(v: unknown): number {
  const n = typeof v === "number" ? v : Number(v ?? NaN);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

const MAX_HEAD = 64 * 1024;

/**
 * Re-frames an upstream SSE body: `onEvent` turns each event into client SSE text. `onEnd` gets the
 * first 64 KB of a body that held no event at all (a JSON error answered with HTTP 200) and returns the
 * closing text.
 */
export async function* reframeSse(
  body: AsyncIterable<Buffer>,
  onEvent: (e: Event) => string,
  onEnd: (headWithoutEvents: string | null) => string,
): AsyncIterable<Buffer> {
  let out = "";
  let events = 0;
  let head = "";
  // An event past the cap ends the body with an error (the relay records an upstream error).
  const parser = boundedSseParser((e) => {
    events++;
    out += onEvent({ event: e.event, data: e.data });
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    const text = decoder.decode(chunk, { stream: true });
    if (!events && head.length < MAX_HEAD) head += text;
    parser.feed(text);
    if (out) {
      yield Buffer.from(out);
      out = "";
    }
  }
  // An unterminated last event still counts.
  parser.feed("\n\n");
  out += onEnd(events ? null : head.slice(0, MAX_HEAD));
  if (out) yield Buffer.from(out);
}
