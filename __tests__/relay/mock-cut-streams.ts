// A loopback upstream for streams cut short (review 3, N1) and malformed usage counts (N6). Each
// dialect streams its vendor's real event sequence: DELTAS text deltas (" w0" ... " w199", the last
// one " END"), then holds the answer open without its terminal event until the gateway hangs up (the
// client left), or, for models ending in "-drop", ends the connection itself (the upstream left).
//   POST /v1/messages                              Claude: message_start (input 25, output 1), deltas
//   POST /v1beta/models/<m>:streamGenerateContent  Gemini: chunks with usageMetadata (prompt only)
//   POST /v1/chat/completions                      OpenAI: first chunk with an early usage (25 / 1)
//   POST /v1/responses                             Responses: response.created, output_text deltas
// Model "bad-usage" on /v1/chat/completions answers a usage whose prompt_tokens is what the last
// user message names ("ten", "neg", "huge", "float", "object"), as JSON or as a stream.
import type http from "node:http";
import { jsonBodyServer, listenLoopback, sendJson } from "../../test-support/upstream/loopback";

export const DELTAS = 200;
export const REPORTED_PROMPT = 25;
export const deltaText = (i: number) => (i === DELTAS - 1 ? " END" : ` w${i}`);

export type MockCut = { url: string; hangups: number; close: () => Promise<void> };

type Json = Record<string, unknown>;

const BAD_PROMPT: Record<string, unknown> = { ten: "ten", neg: -5, huge: 1e12, float: 10.5, object: { n: 1 } };

/** Writes the frames and holds the answer open, or (drop) ends the connection once they are out,
 *  without the chunked body's last chunk: the gateway reads a truncated body. */
function sse(res: http.ServerResponse, frames: string[], drop: boolean): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write(frames.join(""), () => {
    if (drop) res.socket?.end();
  });
}

const event = (name: string, data: Json) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const data = (payload: Json) => `data: ${JSON.stringify(payload)}\n\n`;
const deltas = (frame: (text: string, i: number) => string) =>
  Array.from({ length: DELTAS }, (_, i) => frame(deltaText(i), i));

function claude(model: string): string[] {
  return [
    event("message_start", {
      type: "message_start",
      message: {
        id: "msg_cut",
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: REPORTED_PROMPT, output_tokens: 1 },
      },
    }),
    event("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
    ...deltas((text) =>
      event("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }),
    ),
  ];
}

function gemini(model: string): string[] {
  // Intermediate chunks of a Gemini stream report the prompt only; the counts of the answer come
  // with the chunk that carries finishReason (never sent here).
  return deltas((text) =>
    data({
      candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }],
      usageMetadata: { promptTokenCount: REPORTED_PROMPT, totalTokenCount: REPORTED_PROMPT },
      modelVersion: model,
    }),
  );
}

function openai(model: string): string[] {
  const chunk = (delta: Json, usage?: Json) =>
    data({
      id: "chatcmpl-cut",
      object: "chat.completion.chunk",
      created: 1,
      model,
      choices: [{ index: 0, delta, finish_reason: null }],
      ...(usage ? { usage } : {}),
    });
  // A gateway in front of a Claude model reports message_start's usage on its first chunk.
  return [
    chunk(
      { role: "assistant", content: "" },
      { prompt_tokens: REPORTED_PROMPT, completion_tokens: 1, total_tokens: 26 },
    ),
    ...deltas((text) => chunk({ content: text })),
  ];
}

function responses(model: string): string[] {
  const response = { id: "resp_cut", object: "response", status: "in_progress", model, output: [] };
  return [
    event("response.created", { type: "response.created", sequence_number: 0, response }),
    ...deltas((delta, i) =>
      event("response.output_text.delta", {
        type: "response.output_text.delta",
        sequence_number: i + 1,
        item_id: "msg_cut",
        output_index: 0,
        content_index: 0,
        delta,
      }),
    ),
  ];
}

function badUsage(body: Json, res: http.ServerResponse): void {
  const messages = (body.messages as { content?: unknown }[] | undefined) ?? [];
  const usage = { prompt_tokens: BAD_PROMPT[String(messages.at(-1)?.content)], completion_tokens: 5, total_tokens: 15 };
  const base = { id: "chatcmpl-bad", created: 1, model: "bad-usage" };
  if (body.stream !== true)
    return sendJson(res, 200, {
      ...base,
      object: "chat.completion",
      choices: [
        { index: 0, message: { role: "assistant", content: "five words of answer here" }, finish_reason: "stop" },
      ],
      usage,
    });
  res.writeHead(200, { "content-type": "text/event-stream" });
  const chunk = { ...base, object: "chat.completion.chunk" };
  res.end(
    data({ ...chunk, choices: [{ index: 0, delta: { role: "assistant", content: "five words of answer here" } }] }) +
      data({ ...chunk, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }) +
      data({ ...chunk, choices: [], usage }) +
      "data: [DONE]\n\n",
  );
}

export async function startMockCut(): Promise<MockCut> {
  const mock = { hangups: 0 } as MockCut;
  const server = jsonBodyServer((req, body, res) => {
    const url = req.url ?? "";
    const model = String(body.model ?? /models\/([^:]+):/.exec(url)?.[1] ?? "");
    if (model === "bad-usage") return badUsage(body, res);
    let frames: string[];
    if (url.startsWith("/v1/messages")) frames = claude(model);
    else if (url.includes(":streamGenerateContent")) frames = gemini(model);
    else if (url.startsWith("/v1/chat/completions")) frames = openai(model);
    else if (url.startsWith("/v1/responses")) frames = responses(model);
    else return sendJson(res, 404, { error: { message: `no such path ${url}` } });
    // No terminal event: the answer stays open until one side leaves.
    res.on("close", () => (mock.hangups += 1));
    sse(res, frames, model.endsWith("-drop"));
  });
  const { url, close } = await listenLoopback(server);
  mock.url = url;
  mock.close = close;
  return mock;
}
