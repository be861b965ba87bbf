// A loopback Anthropic Messages upstream for relay tests (POST /v1/messages, GET /v1/models).
// Behaviour by the model name the gateway sends:
//   fail-<status>   answers that status with an Anthropic error body
//   anything else   a message (or the real event sequence when stream: true) with usage
//                   {input 20, cache_read 100, cache_creation 40, output 9}; when tools are given and
//                   the last message carries no tool_result, it asks for the first tool (tool_use).
// Every request is recorded (path, headers, body).
import type http from "node:http";
import { jsonBodyServer, listenLoopback } from "../../test-support/upstream/loopback";

export type RecordedRequest = {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};
export type MockAnthropic = { url: string; requests: RecordedRequest[]; close: () => Promise<void> };

export const MOCK_USAGE = {
  input_tokens: 20,
  cache_read_input_tokens: 100,
  cache_creation_input_tokens: 40,
  output_tokens: 9,
};
export const MOCK_TEXT = "Hello from mock Claude.";
export const MOCK_TOOL_INPUT = { city: "Paris" };

type Json = Record<string, unknown>;

function wantsTool(body: Json): Json | null {
  const tools = body.tools as Json[] | undefined;
  if (!tools?.length) return null;
  const last = (body.messages as Json[] | undefined)?.at(-1);
  const blocks = Array.isArray(last?.content) ? (last.content as Json[]) : [];
  if (blocks.some((b) => b.type === "tool_result")) return null;
  return tools[0]!;
}

function message(body: Json) {
  const tool = wantsTool(body);
  const content = tool
    ? [{ type: "tool_use", id: "toolu_mock1", name: tool.name, input: MOCK_TOOL_INPUT }]
    : [{ type: "text", text: MOCK_TEXT }];
  return {
    id: "msg_mock",
    type: "message",
    role: "assistant",
    model: body.model,
    content,
    stop_reason: tool ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: MOCK_USAGE,
  };
}

function stream(res: http.ServerResponse, body: Json) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const send = (event: string, data: Json) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const tool = wantsTool(body);
  const { output_tokens: _o, ...startUsage } = MOCK_USAGE;
  void _o;
  send("message_start", {
    type: "message_start",
    message: {
      id: "msg_mock",
      type: "message",
      role: "assistant",
      model: body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...startUsage, output_tokens: 1 },
    },
  });
  if (tool) {
    send("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "tool_use", id: "toolu_mock1", name: tool.name, input: {} },
    });
    send("ping", { type: "ping" });
    const json = JSON.stringify(MOCK_TOOL_INPUT);
    for (const part of [json.slice(0, 5), json.slice(5)])
      send("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: part },
      });
  } else {
    send("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
    send("ping", { type: "ping" });
    for (const word of MOCK_TEXT.split(/(?<= )/))
      send("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: word } });
  }
  send("content_block_stop", { type: "content_block_stop", index: 0 });
  send("message_delta", {
    type: "message_delta",
    delta: { stop_reason: tool ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: MOCK_USAGE.output_tokens },
  });
  send("message_stop", { type: "message_stop" });
  res.end();
}

export async function startMockAnthropic(): Promise<MockAnthropic> {
  const requests: RecordedRequest[] = [];
  const server = jsonBodyServer((req, body, res) => {
    requests.push({ path: req.url ?? "", method: req.method ?? "", headers: req.headers, body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.method === "GET" && req.url?.startsWith("/v1/models"))
      return json(200, {
        data: [
          { type: "model", id: "claude-mock-a" },
          { type: "model", id: "claude-mock-b" },
        ],
        has_more: false,
      });
    if (req.method !== "POST" || req.url !== "/v1/messages")
      return json(404, { type: "error", error: { type: "not_found_error", message: "no" } });
    const fail = /^fail-(\d{3})/.exec(String(body.model ?? ""));
    if (fail)
      return json(Number(fail[1]), {
        type: "error",
        error: { type: "api_error", message: `mock failure ${fail[1]}` },
      });
    if (body.stream === true) return stream(res, body);
    json(200, message(body));
  });
  return { ...(await listenLoopback(server)), requests };
}
