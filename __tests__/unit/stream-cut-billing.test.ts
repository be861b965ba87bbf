// What a stream is billed at when it ends before its dialect's terminal event (review 3, N1), for
// the transports whose relay mocks are costly: Bedrock InvokeModel (Claude events inside AWS
// event-stream frames, read by the Claude tap like Vertex Claude), Bedrock Converse, Cohere and
// Ollama (rewritten into OpenAI chunks and read by the OpenAI stream). The upstream ends the body
// after DELTAS text deltas; a complete stream is billed at the usage it reported. And usage counts
// that are not counts (N6) are refused by every parser's check.
import type { StreamResult } from "@/relay/streaming/sse-response";
import { encodeEventStreamMessage } from "@/relay/vendors/bedrock/stream-framing";
import { bedrockEventsToSse } from "@/relay/vendors/bedrock/stream";
import { converseEventsToSse, converseUsage } from "@/relay/vendors/bedrock/response-converse";
import { claudeNativeStream } from "@/relay/vendors/anthropic/stream-native";
import { usageFromClaude } from "@/relay/vendors/anthropic/response";
import { cohereEventsToSse } from "@/relay/vendors/cohere/stream";
import { cohereUsage } from "@/relay/vendors/cohere/response";
import { ollamaEventsToSse } from "@/relay/vendors/ollama/stream";
import { ollamaUsage } from "@/relay/vendors/ollama/response";
import { geminiUsage } from "@/relay/vendors/gemini/response-to-openai";
import { usageFromOpenAI } from "@/relay/vendors/shared/openai-style/format";
import { difyUsage } from "@/relay/vendors/dify/response";
import { cozeUsage } from "@/relay/vendors/coze/response";
import { usageFromResponses } from "@/relay/endpoints/responses";
import { checkedUsage } from "@/relay/kernel/usage-check";
import type { Usage } from "@/lib/server/ledger/pricing";
import { eventPath, fastPath, upstreamOf } from "@/test-support/unit/stream-reader-support";

const DELTAS = 120;
const word = (i: number) => ` w${i}`;

async function* bytes(parts: (string | Buffer)[]): AsyncIterable<Buffer> {
  for (const p of parts) yield Buffer.isBuffer(p) ? p : Buffer.from(p);
}

/** A native dialect rewritten into OpenAI chunks by its decoder, read by the OpenAI stream. */
const viaOpenAIStream = (body: AsyncIterable<Buffer>) => fastPath(upstreamOf(body));

function expectCountedText(r: StreamResult) {
  expect(r.estimated).toBe(true);
  expect(r.usage.completionTokens).toBeGreaterThanOrEqual(DELTAS);
}

describe("Bedrock InvokeModel (Claude events in event-stream frames)", () => {
  const frame = (event: object) =>
    encodeEventStreamMessage(
      { ":event-type": "chunk", ":content-type": "application/json", ":message-type": "event" },
      JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString("base64") }),
    );
  const start = frame({
    type: "message_start",
    message: {
      id: "m",
      type: "message",
      role: "assistant",
      content: [],
      usage: { input_tokens: 30, output_tokens: 1 },
    },
  });
  const deltas = Array.from({ length: DELTAS }, (_, i) =>
    frame({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: word(i) } }),
  );
  const run = (frames: Buffer[]) => eventPath(upstreamOf(bedrockEventsToSse(bytes(frames))), claudeNativeStream());

  test("cut before message_delta: the text counted, not message_start's 1 output token", async () => {
    const r = await run([start, ...deltas]);
    expectCountedText(r);
    expect(r.usage.promptTokens).toBe(30);
  });

  test("complete: the usage of message_delta", async () => {
    const end = frame({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 321 } });
    const r = await run([start, ...deltas, end, frame({ type: "message_stop" })]);
    expect(r.estimated).toBe(false);
    expect(r.usage).toMatchObject({ promptTokens: 30, completionTokens: 321 });
  });
});

describe("native dialects rewritten into OpenAI chunks report usage only at their end event", () => {
  const converse = (type: string, body: object) =>
    encodeEventStreamMessage(
      { ":event-type": type, ":content-type": "application/json", ":message-type": "event" },
      JSON.stringify(body),
    );
  const converseDeltas = Array.from({ length: DELTAS }, (_, i) =>
    converse("contentBlockDelta", { contentBlockIndex: 0, delta: { text: word(i) } }),
  );
  const cohereDeltas = Array.from(
    { length: DELTAS },
    (_, i) =>
      `data: ${JSON.stringify({ type: "content-delta", index: 0, delta: { message: { content: { text: word(i) } } } })}\n\n`,
  );
  const ollamaDeltas = Array.from(
    { length: DELTAS },
    (_, i) => `${JSON.stringify({ model: "l", message: { role: "assistant", content: word(i) }, done: false })}\n`,
  );

  test("Bedrock Converse cut before metadata; complete with metadata", async () => {
    const decode = converseEventsToSse("meta.llama3");
    const head = converse("messageStart", { role: "assistant" });
    expectCountedText(await viaOpenAIStream(decode(bytes([head, ...converseDeltas]))));
    const end = [
      converse("messageStop", { stopReason: "end_turn" }),
      converse("metadata", { usage: { inputTokens: 40, outputTokens: 400, totalTokens: 440 } }),
    ];
    const r = await viaOpenAIStream(decode(bytes([head, ...converseDeltas, ...end])));
    expect(r.estimated).toBe(false);
    expect(r.usage).toMatchObject({ promptTokens: 40, completionTokens: 400 });
  });

  test("Cohere cut before message-end; complete with message-end", async () => {
    const head = `data: ${JSON.stringify({ type: "message-start", delta: { message: { role: "assistant" } } })}\n\n`;
    expectCountedText(await viaOpenAIStream(cohereEventsToSse("command-r")(bytes([head, ...cohereDeltas]))));
    const end = `data: ${JSON.stringify({
      type: "message-end",
      delta: { finish_reason: "COMPLETE", usage: { billed_units: { input_tokens: 50, output_tokens: 500 } } },
    })}\n\n`;
    const r = await viaOpenAIStream(cohereEventsToSse("command-r")(bytes([head, ...cohereDeltas, end])));
    expect(r.estimated).toBe(false);
    expect(r.usage).toMatchObject({ promptTokens: 50, completionTokens: 500 });
  });

  test("Ollama cut before done:true; complete with done:true", async () => {
    expectCountedText(await viaOpenAIStream(ollamaEventsToSse("llama3")(bytes(ollamaDeltas))));
    const end = `${JSON.stringify({ model: "l", message: { role: "assistant", content: "" }, done: true, done_reason: "stop", prompt_eval_count: 60, eval_count: 600 })}\n`;
    const r = await viaOpenAIStream(ollamaEventsToSse("llama3")(bytes([...ollamaDeltas, end])));
    expect(r.estimated).toBe(false);
    expect(r.usage).toMatchObject({ promptTokens: 60, completionTokens: 600 });
  });
});

describe("usage counts that are not counts are refused by every dialect's parser (N6)", () => {
  const bad: unknown[] = ["ten", -5, 10.5, 1e12, NaN, { n: 1 }, true];
  const parsers: [string, (v: unknown) => Usage | null][] = [
    ["OpenAI", (v) => usageFromOpenAI({ prompt_tokens: v, completion_tokens: 5 })],
    [
      "OpenAI cached",
      (v) => usageFromOpenAI({ prompt_tokens: 9, completion_tokens: 5, prompt_tokens_details: { cached_tokens: v } }),
    ],
    ["Claude", (v) => usageFromClaude({ input_tokens: v, output_tokens: 5 })],
    ["Gemini", (v) => geminiUsage({ promptTokenCount: 9, candidatesTokenCount: v })],
    ["Responses", (v) => usageFromResponses({ input_tokens: v, output_tokens: 5 })],
    ["Converse", (v) => nativeAsUsage(converseUsage({ inputTokens: v, outputTokens: 5 }))],
    ["Cohere", (v) => nativeAsUsage(cohereUsage({ billed_units: { input_tokens: v, output_tokens: 5 } }))],
    ["Ollama", (v) => nativeAsUsage(ollamaUsage({ prompt_eval_count: v, eval_count: 5 }))],
    ["Dify", (v) => usageFromOpenAI(difyUsage({ prompt_tokens: v, completion_tokens: 5 }))],
    ["Coze", (v) => usageFromOpenAI(cozeUsage({ input_count: 9, output_count: v }))],
  ];
  function nativeAsUsage(u: { input: number; output: number } | null): Usage | null {
    return u && { promptTokens: u.input, completionTokens: u.output, cachedTokens: 0 };
  }

  test.each(parsers)("%s", (_name, parse) => {
    for (const v of bad) expect(checkedUsage(parse(v), "req-bad")).toBeNull();
    expect(checkedUsage(parse(7), "req-good")).not.toBeNull();
  });
});
