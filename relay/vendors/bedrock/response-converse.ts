import "server-only";

// Bedrock Converse answers -> OpenAI chat: the JSON response (output.message.content blocks,
// stopReason, usage) and the ConverseStream event-stream (messageStart, contentBlockStart/Delta/Stop,
// messageStop, metadata; docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStreamOutput.html),
// whose messages carry the event name in the `:event-type` header and the event body as JSON.
// Exceptions inside the stream become an OpenAI-style error payload.
import { EventStreamDecoder, EventStreamError, type EventStreamMessage } from "@/relay/vendors/bedrock/stream-framing";
import type { Json } from "@/relay/kernel/format";
import {
  chunkWriter,
  completion,
  nativeUsage,
  type NativeUsage,
  type OpenAIToolCall,
} from "@/relay/vendors/shared/openai-style/response-chunks";
import { ownValue } from "@/lib/own-keys";
import { usageCount } from "@/relay/kernel/usage-check";

export const CONVERSE_STOP: Record<string, string> = {
  end_turn: "stop",
  stop_sequence: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool_calls",
  content_filtered: "content_filter",
  guardrail_intervened: "content_filter",
};

const finish = (r: unknown) => ownValue(CONVERSE_STOP, String(r)) ?? "stop";

/** Converse usage (inputTokens excludes cache reads/writes, as in Anthropic's API). */
export function converseUsage(u: unknown): NativeUsage | null {
  if (!u || typeof u !== "object") return null;
  const v = u as Record<string, unknown>;
  return nativeUsage({
    input: usageCount(v.inputTokens),
    output: usageCount(v.outputTokens),
    cacheRead: usageCount(v.cacheReadInputTokens),
    cacheWrite: usageCount(v.cacheWriteInputTokens),
  });
}

type ContentBlock = {
  text?: unknown;
  toolUse?: { toolUseId?: unknown; name?: unknown; input?: unknown };
  reasoningContent?: { reasoningText?: { text?: unknown } };
};

/** A Converse response -> an OpenAI chat.completion. */
export function converseToOpenAI(json: unknown, model: string): Json {
  const j = (json ?? {}) as { output?: { message?: { content?: unknown } }; stopReason?: unknown; usage?: unknown };
  const blocks = Array.isArray(j.output?.message?.content) ? (j.output!.message!.content as ContentBlock[]) : [];
  let content = "";
  let reasoning = "";
  const toolCalls: OpenAIToolCall[] = [];
  for (const b of blocks) {
    if (!b || typeof b !== "object") continue;
    if (typeof b.text === "string") content += b.text;
    else if (b.toolUse)
      toolCalls.push({
        id: String(b.toolUse.toolUseId ?? `call_${toolCalls.length}`),
        type: "function",
        function: { name: String(b.toolUse.name ?? ""), arguments: JSON.stringify(b.toolUse.input ?? {}) },
      });
    else if (typeof b.reasoningContent?.reasoningText?.text === "string")
      reasoning += b.reasoningContent.reasoningText.text;
  }
  return completion(model, { content, reasoning, toolCalls }, finish(j.stopReason), converseUsage(j.usage));
}

type StreamEvent = {
  contentBlockIndex?: unknown;
  start?: { toolUse?: { toolUseId?: unknown; name?: unknown } };
  delta?: { text?: unknown; toolUse?: { input?: unknown }; reasoningContent?: { text?: unknown } };
  stopReason?: unknown;
  usage?: unknown;
  message?: unknown;
};

/** One ConverseStream -> OpenAI SSE frames; state: the tool-call index of each content block. */
export function converseStreamConverter(model: string) {
  const w = chunkWriter(model);
  const toolIndex = new Map<number, number>();
  return (m: EventStreamMessage): string => {
    const kind = String(m.headers[":message-type"] ?? "event");
    let ev: StreamEvent = {};
    try {
      ev = JSON.parse(m.payload.toString("utf8") || "{}") as StreamEvent;
    } catch {
      return w.error("api_error", "malformed Bedrock stream event");
    }
    if (kind !== "event") {
      const type = String(m.headers[":exception-type"] ?? m.headers[":error-code"] ?? "api_error");
      return w.error(type, typeof ev.message === "string" ? ev.message.slice(0, 2000) : type);
    }
    const block = Number(ev.contentBlockIndex ?? 0);
    switch (m.headers[":event-type"]) {
      case "messageStart":
        return w.delta({ role: "assistant", content: "" });
      case "contentBlockStart": {
        const t = ev.start?.toolUse;
        if (!t) return "";
        const index = toolIndex.size;
        toolIndex.set(block, index);
        return w.delta({
          tool_calls: [
            {
              index,
              id: String(t.toolUseId ?? ""),
              type: "function",
              function: { name: String(t.name ?? ""), arguments: "" },
            },
          ],
        });
      }
      case "contentBlockDelta": {
        const d = ev.delta ?? {};
        if (typeof d.text === "string") return w.delta({ content: d.text });
        if (typeof d.toolUse?.input === "string")
          return w.delta({
            tool_calls: [{ index: toolIndex.get(block) ?? 0, function: { arguments: d.toolUse.input } }],
          });
        if (typeof d.reasoningContent?.text === "string")
          return w.delta({ reasoning_content: d.reasoningContent.text });
        return "";
      }
      case "messageStop":
        return w.delta({}, finish(ev.stopReason));
      case "metadata": {
        const u = converseUsage(ev.usage);
        return u ? w.usage(u) : "";
      }
      default:
        return "";
    }
  };
}

/** ConverseStream body (AWS event-stream) -> OpenAI SSE text. Framing errors end it with an error. */
export function converseEventsToSse(model: string) {
  return async function* (body: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    const decoder = new EventStreamDecoder();
    const convert = converseStreamConverter(model);
    const w = chunkWriter(model);
    try {
      for await (const chunk of body) {
        const text = decoder.push(chunk).map(convert).join("");
        if (text) yield Buffer.from(text);
      }
    } catch (err) {
      if (!(err instanceof EventStreamError)) throw err;
      yield Buffer.from(w.error("api_error", err.message));
    }
    yield Buffer.from(w.done());
  };
}
