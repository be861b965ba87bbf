import "server-only";

// Anthropic Messages stream events -> OpenAI chat.completion.chunk objects (Claude channel, other
// client format). Usage: message_start carries input/cache tokens, message_delta the output tokens.
import type { Usage } from "@/lib/server/ledger/pricing";
import { mergeClaudeUsage, STOP_TO_OPENAI, usageFromClaude } from "@/relay/vendors/anthropic/response";
import { usageToOpenAI } from "@/relay/vendors/shared/openai-style/format";
import type { ConvertOptions, Json, StreamToOpenAI } from "@/relay/kernel/format";
import { parseJsonObject } from "@/relay/kernel/json";
import { ownValue } from "@/lib/own-keys";

const parse = (data: string): Json | null => parseJsonObject(data);

export function claudeStreamToOpenAI(o: ConvertOptions & { requestId: string }): StreamToOpenAI {
  const id = `chatcmpl-${o.requestId}`;
  const created = Math.floor(Date.now() / 1000);
  let model = o.upstreamModel;
  const usage: Record<string, number> = {};
  /** Claude block index -> OpenAI tool_calls index. */
  const toolIndex = new Map<number, number>();
  let usageSent = false;
  let finished = false;
  /** message_delta or message_stop arrived: the usage is complete. */
  let final = false;

  const chunk = (delta: Json, finish: string | null = null): Json => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const merge = (u: unknown) => mergeClaudeUsage(usage, u);
  const current = (): Usage | null => usageFromClaude(usage);
  const usageChunk = (): Json[] => {
    const u = current();
    if (usageSent || !u) return [];
    usageSent = true;
    return [{ id, object: "chat.completion.chunk", created, model, choices: [], usage: usageToOpenAI(u) }];
  };

  return {
    push(event) {
      const data = parse(event.data);
      if (!data) return [];
      const type = String(data.type ?? event.event ?? "");
      switch (type) {
        case "message_start": {
          const msg = (data.message as Json | undefined) ?? {};
          if (typeof msg.model === "string") model = msg.model;
          merge(msg.usage);
          return [chunk({ role: "assistant", content: "" })];
        }
        case "content_block_start": {
          const block = (data.content_block as Json | undefined) ?? {};
          if (block.type !== "tool_use") return [];
          const index = toolIndex.size;
          toolIndex.set(Number(data.index), index);
          return [
            chunk({
              tool_calls: [{ index, id: block.id, type: "function", function: { name: block.name, arguments: "" } }],
            }),
          ];
        }
        case "content_block_delta": {
          const d = (data.delta as Json | undefined) ?? {};
          if (d.type === "text_delta") return [chunk({ content: String(d.text ?? "") })];
          if (d.type === "thinking_delta") return [chunk({ reasoning_content: String(d.thinking ?? "") })];
          if (d.type === "input_json_delta") {
            const index = toolIndex.get(Number(data.index)) ?? 0;
            return [chunk({ tool_calls: [{ index, function: { arguments: String(d.partial_json ?? "") } }] })];
          }
          return [];
        }
        case "message_delta": {
          merge(data.usage);
          final = true;
          const reason = (data.delta as Json | undefined)?.stop_reason;
          if (typeof reason !== "string") return [];
          finished = true;
          return [chunk({}, ownValue(STOP_TO_OPENAI, reason) ?? "stop")];
        }
        case "message_stop":
          final = true;
          return usageChunk();
        case "error": {
          // A mid-stream upstream error (e.g. overloaded_error): OpenAI clients see an error chunk,
          // which the OpenAI SDKs raise as an APIError, instead of a silently truncated answer.
          const e = (data.error as Json | undefined) ?? {};
          finished = true;
          return [
            {
              id,
              object: "chat.completion.chunk",
              created,
              model,
              choices: [],
              error: {
                message: String(e.message ?? "upstream stream error"),
                type: String(e.type ?? "upstream_error"),
              },
            },
          ];
        }
        default:
          return [];
      }
    },
    end() {
      const out: Json[] = finished ? [] : [chunk({}, "stop")];
      return [...out, ...usageChunk()];
    },
    usage: current,
    final: () => final,
  };
}
