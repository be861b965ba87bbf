// A loopback OpenAI chat upstream that asks for a tool call: when the request carries tools and the
// last message is not a tool result, it answers a call of the first tool (JSON or SSE); otherwise
// the text "The weather is sunny." Usage {prompt 30, completion 8}. Requests are recorded.
import http from "node:http";
import { listenLoopback } from "../../test-support/upstream/loopback";

type Json = Record<string, unknown>;
export type MockOpenAITools = { url: string; requests: Json[]; close: () => Promise<void> };
export const TOOLS_USAGE = { prompt_tokens: 30, completion_tokens: 8, total_tokens: 38 };
export const TOOLS_FINAL = "The weather is sunny.";

export async function startMockOpenAITools(): Promise<MockOpenAITools> {
  const requests: Json[] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(parts).toString() || "{}") as Json;
      requests.push(body);
      const tools = body.tools as { function: { name: string } }[] | undefined;
      const last = (body.messages as Json[]).at(-1);
      const name = tools?.length && last?.role !== "tool" ? tools[0]!.function.name : null;
      const call = { id: "call_mock1", type: "function", function: { name, arguments: '{"city":"Paris"}' } };
      const base = { id: "chatcmpl-t", created: 1, model: body.model };
      if (body.stream) {
        res.writeHead(200, { "content-type": "text/event-stream" });
        const w = (delta: Json, finish: string | null = null) =>
          res.write(
            `data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
          );
        w({ role: "assistant", content: "" });
        if (name) {
          w({ tool_calls: [{ index: 0, id: call.id, type: "function", function: { name, arguments: "" } }] });
          w({ tool_calls: [{ index: 0, function: { arguments: call.function.arguments } }] });
          w({}, "tool_calls");
        } else {
          w({ content: TOOLS_FINAL });
          w({}, "stop");
        }
        res.write(
          `data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [], usage: TOOLS_USAGE })}\n\n`,
        );
        res.end("data: [DONE]\n\n");
        return;
      }
      const message = name
        ? { role: "assistant", content: null, tool_calls: [call] }
        : { role: "assistant", content: TOOLS_FINAL };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          ...base,
          object: "chat.completion",
          choices: [{ index: 0, message, finish_reason: name ? "tool_calls" : "stop" }],
          usage: TOOLS_USAGE,
        }),
      );
    });
  });
  return { ...(await listenLoopback(server)), requests };
}
