import "server-only";

// OpenAI chat chunks -> the Anthropic Messages event sequence for a Claude client on a non-Claude
// channel: message_start, content_block_start, ping, content_block_delta..., content_block_stop
// (text, thinking and each tool call in its own block), message_delta (stop_reason + usage),
// message_stop. Usage arrives last in OpenAI streams, so message_delta is written by end().
import type { Usage } from "@/lib/server/ledger/pricing";
import { FINISH_TO_CLAUDE, usageToClaude } from "@/relay/vendors/anthropic/response";
import { eventFrame } from "@/relay/kernel/frames";
import type { ConvertOptions, Json, StreamFromOpenAI } from "@/relay/kernel/format";
import { ownValue } from "@/lib/own-keys";

type Delta = {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
};
type Open = { kind: "text" | "thinking" | "tool"; tool?: number } | null;

export function claudeStreamFromOpenAI(
  o: ConvertOptions & { requestId: string; clientModel: string },
): StreamFromOpenAI {
  let started = false;
  let pinged = false;
  let blockIndex = -1;
  let open: Open = null;
  let finish: string | null = null;
  let sawTool = false;

  const start = (): string[] => {
    if (started) return [];
    started = true;
    const message = {
      id: `msg_${o.requestId}`,
      type: "message",
      role: "assistant",
      model: o.clientModel,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    };
    return [eventFrame("message_start", { type: "message_start", message })];
  };
  const close = (): string[] => {
    if (!open) return [];
    open = null;
    return [eventFrame("content_block_stop", { type: "content_block_stop", index: blockIndex })];
  };
  const openBlock = (next: NonNullable<Open>, block: Json): string[] => {
    const frames = close();
    blockIndex += 1;
    open = next;
    frames.push(
      eventFrame("content_block_start", { type: "content_block_start", index: blockIndex, content_block: block }),
    );
    if (!pinged) {
      pinged = true;
      frames.push(eventFrame("ping", { type: "ping" }));
    }
    return frames;
  };
  const delta = (d: Json) =>
    eventFrame("content_block_delta", { type: "content_block_delta", index: blockIndex, delta: d });

  return {
    push(chunk) {
      const err = chunk.error as Json | undefined;
      if (err && typeof err === "object") {
        // OpenAI-style mid-stream error -> Anthropic's `error` event.
        const error = { type: "api_error", message: String(err.message ?? "upstream stream error") };
        return [...start(), eventFrame("error", { type: "error", error })];
      }
      const frames = start();
      for (const c of (chunk.choices as { delta?: Delta; finish_reason?: string | null }[] | undefined) ?? []) {
        const d = c.delta ?? {};
        const reasoning = d.reasoning_content ?? d.reasoning;
        if (reasoning) {
          if (open?.kind !== "thinking")
            frames.push(...openBlock({ kind: "thinking" }, { type: "thinking", thinking: "", signature: "" }));
          frames.push(delta({ type: "thinking_delta", thinking: reasoning }));
        }
        if (d.content) {
          if (open?.kind !== "text") frames.push(...openBlock({ kind: "text" }, { type: "text", text: "" }));
          frames.push(delta({ type: "text_delta", text: d.content }));
        }
        for (const call of d.tool_calls ?? []) {
          const idx = call.index ?? 0;
          if (open?.kind !== "tool" || open.tool !== idx) {
            sawTool = true;
            const block = {
              type: "tool_use",
              id: call.id ?? `toolu_${o.requestId}_${idx}`,
              name: call.function?.name ?? "",
              input: {},
            };
            frames.push(...openBlock({ kind: "tool", tool: idx }, block));
          }
          const args = call.function?.arguments;
          if (args) frames.push(delta({ type: "input_json_delta", partial_json: args }));
        }
        if (c.finish_reason) finish = c.finish_reason;
      }
      return frames;
    },
    end(usage: Usage) {
      const frames = start();
      if (blockIndex < 0) frames.push(...openBlock({ kind: "text" }, { type: "text", text: "" }));
      frames.push(...close());
      const reason = sawTool ? "tool_use" : (ownValue(FINISH_TO_CLAUDE, finish ?? "stop") ?? "end_turn");
      frames.push(
        eventFrame("message_delta", {
          type: "message_delta",
          delta: { stop_reason: reason, stop_sequence: null },
          usage: usageToClaude(usage),
        }),
      );
      frames.push(eventFrame("message_stop", { type: "message_stop" }));
      return frames;
    },
  };
}
