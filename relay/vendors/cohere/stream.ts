import "server-only";

// Cohere Chat v2 stream (SSE, each data payload a JSON event with a `type`) -> OpenAI SSE:
// message-start, content-delta (text or thinking), tool-plan-delta, tool-call-start / tool-call-delta
// (OpenAI indexes assigned in order of appearance), message-end (finish_reason + usage). Citation and
// *-end events carry nothing an OpenAI client reads.
import { boundedSseParser } from "@/relay/kernel/bounded-lines";
import { cohereFinish, cohereUsage } from "@/relay/vendors/cohere/response";
import { parseJsonObject } from "@/relay/kernel/json";
import { argumentsText, chunkWriter } from "@/relay/vendors/shared/openai-style/response-chunks";

type Delta = {
  message?: {
    content?: { text?: unknown; thinking?: unknown };
    tool_plan?: unknown;
    tool_calls?: { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
  };
  finish_reason?: unknown;
  usage?: unknown;
};

/** One Cohere stream -> a function from one data payload to OpenAI frames. */
export function cohereStreamConverter(model: string) {
  const w = chunkWriter(model);
  const toolIndex = new Map<number, number>();
  return (data: string): string => {
    const ev = parseJsonObject(data);
    if (!ev) return "";
    const d = (ev.delta ?? {}) as Delta;
    const index = Number(ev.index ?? 0);
    switch (ev.type) {
      case "message-start":
        return w.delta({ role: "assistant", content: "" });
      case "content-delta": {
        const c = d.message?.content;
        if (typeof c?.text === "string") return w.delta({ content: c.text });
        if (typeof c?.thinking === "string") return w.delta({ reasoning_content: c.thinking });
        return "";
      }
      case "tool-plan-delta":
        return typeof d.message?.tool_plan === "string" ? w.delta({ reasoning_content: d.message.tool_plan }) : "";
      case "tool-call-start": {
        const call = d.message?.tool_calls;
        const at = toolIndex.size;
        toolIndex.set(index, at);
        return w.delta({
          tool_calls: [
            {
              index: at,
              id: String(call?.id ?? ""),
              type: "function",
              function: {
                name: String(call?.function?.name ?? ""),
                arguments: call?.function?.arguments ? argumentsText(call.function.arguments) : "",
              },
            },
          ],
        });
      }
      case "tool-call-delta": {
        const args = d.message?.tool_calls?.function?.arguments;
        if (typeof args !== "string") return "";
        return w.delta({ tool_calls: [{ index: toolIndex.get(index) ?? 0, function: { arguments: args } }] });
      }
      case "message-end": {
        const u = cohereUsage(d.usage);
        return w.delta({}, cohereFinish(d.finish_reason)) + (u ? w.usage(u) : "");
      }
      default:
        return "";
    }
  };
}

/** The /v2/chat SSE body -> OpenAI SSE text. */
export function cohereEventsToSse(model: string) {
  return async function* (body: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    const convert = cohereStreamConverter(model);
    let out = "";
    const parser = boundedSseParser((e) => (out += convert(e.data)));
    const decoder = new TextDecoder();
    for await (const chunk of body) {
      parser.feed(decoder.decode(chunk, { stream: true }));
      if (out) yield Buffer.from(out);
      out = "";
    }
    parser.feed(decoder.decode() + "\n\n");
    yield Buffer.from(out + chunkWriter(model).done());
  };
}
