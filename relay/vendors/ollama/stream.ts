import "server-only";

// Ollama's /api/chat stream (NDJSON: one answer-shaped line per delta, the last with done: true and the
// usage) -> OpenAI SSE.
import { parseJsonObject } from "@/relay/kernel/json";
import { chunkWriter, lines } from "@/relay/vendors/shared/openai-style/response-chunks";
import { ollamaFinish, ollamaToolCalls, ollamaUsage, type OllamaMessage } from "@/relay/vendors/ollama/response";

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
        const tc = ollamaToolCalls(m, calls);
        if (tc.length) out += w.delta({ tool_calls: tc.map((c, i) => ({ index: calls + i, ...c })) });
        calls += tc.length;
        if (j.done === true) {
          out += w.delta({}, ollamaFinish(j.done_reason, calls > 0));
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
