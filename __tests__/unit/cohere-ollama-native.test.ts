// Issue 20: Cohere v2 (chat, stream, embed) and Ollama native (/api/chat NDJSON, /api/embed)
// conversions to and from the OpenAI pivot, and the adapters' URLs per mode and channel setting.
import { adapterFor } from "@/relay/vendors";
import { cohereChatBody } from "@/relay/vendors/cohere/request";
import { cohereChatToOpenAI } from "@/relay/vendors/cohere/response";
import { cohereEmbedBody, cohereEmbedToOpenAI } from "@/relay/vendors/cohere/request-embed";
import { cohereEventsToSse } from "@/relay/vendors/cohere/stream";
import { ollamaChatBody, ollamaEmbedBody } from "@/relay/vendors/ollama/request";
import { ollamaChatToOpenAI } from "@/relay/vendors/ollama/response";
import { ollamaEventsToSse } from "@/relay/vendors/ollama/stream";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import type { AdapterContext, RelayMode } from "@/relay/kernel/adapter";

type Frame = Record<string, unknown> & { choices?: { delta: Record<string, unknown>; finish_reason: string | null }[] };

async function frames(decode: (b: AsyncIterable<Buffer>) => AsyncIterable<Buffer>, text: string): Promise<Frame[]> {
  async function* src() {
    for (let i = 0; i < text.length; i += 7) yield Buffer.from(text.slice(i, i + 7));
  }
  let out = "";
  for await (const b of decode(src())) out += b.toString();
  expect(out.endsWith("data: [DONE]\n\n")).toBe(true);
  return out
    .split("\n\n")
    .filter((f) => f.startsWith("data: {"))
    .map((f) => JSON.parse(f.slice(6)) as Frame);
}

const history = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Weather?" },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
  },
  { role: "tool", tool_call_id: "c1", content: "rain" },
];
const tools = [
  { type: "function", function: { name: "weather", parameters: { type: "object" } } },
  { type: "function", function: { name: "other" } },
];

test("Cohere chat body: roles, tool calls and results, named tool -> only that tool + REQUIRED, params", () => {
  const body = cohereChatBody(
    {
      messages: history,
      tools,
      tool_choice: { type: "function", function: { name: "weather" } },
      max_tokens: 50,
      top_p: 0.5,
      top_k: 10,
      stop: ["x"],
      response_format: { type: "json_schema", json_schema: { schema: { type: "object" } } },
    },
    "command-a-03-2025",
    true,
  );
  expect(body).toEqual({
    model: "command-a-03-2025",
    stream: true,
    messages: [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather?" },
      {
        role: "assistant",
        tool_calls: [{ id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
      },
      { role: "tool", tool_call_id: "c1", content: "rain" },
    ],
    tools: [tools[0]],
    tool_choice: "REQUIRED",
    max_tokens: 50,
    p: 0.5,
    k: 10,
    stop_sequences: ["x"],
    response_format: { type: "json_object", json_schema: { type: "object" } },
  });
  const hi = [{ role: "user", content: "hi" }];
  expect(cohereChatBody({ messages: hi, tools, tool_choice: "none" }, "m", false).tool_choice).toBe("NONE");
  expect(cohereChatBody({ messages: hi, tool_choice: "required" }, "m", false)).not.toHaveProperty("tool_choice");
});

test("Cohere chat answer: text, tool plan as reasoning, tool calls, finish reason, billed units", () => {
  const out = cohereChatToOpenAI(
    {
      id: "x",
      finish_reason: "TOOL_CALL",
      message: {
        role: "assistant",
        tool_plan: "I will call weather.",
        tool_calls: [{ id: "w1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
      },
      usage: { billed_units: { input_tokens: 12, output_tokens: 7 }, tokens: { input_tokens: 200, output_tokens: 9 } },
    },
    "command-a",
  ) as Frame & { choices: { message: Record<string, unknown> }[] };
  expect(out.choices[0]!.message).toEqual({
    role: "assistant",
    content: null,
    reasoning_content: "I will call weather.",
    tool_calls: [{ id: "w1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
  });
  expect(out.choices[0]!.finish_reason).toBe("tool_calls");
  expect(out.usage).toEqual({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
  const text = cohereChatToOpenAI(
    {
      finish_reason: "MAX_TOKENS",
      message: { content: [{ type: "text", text: "Hi" }] },
      usage: { tokens: { input_tokens: 3, output_tokens: 1 } },
    },
    "m",
  ) as Frame & { choices: { message: { content: string } }[] };
  expect([text.choices[0]!.message.content, text.choices[0]!.finish_reason]).toEqual(["Hi", "length"]);
  expect(text.usage).toMatchObject({ prompt_tokens: 3 });
});

test("Cohere stream events become OpenAI chunks with tool-call indexes, finish and usage", async () => {
  const ev = (type: string, body: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;
  const out = await frames(
    cohereEventsToSse("command-a"),
    ev("message-start", { id: "m1", delta: { message: { role: "assistant" } } }) +
      ev("content-start", { index: 0, delta: { message: { content: { type: "text", text: "" } } } }) +
      ev("content-delta", { index: 0, delta: { message: { content: { text: "Hello" } } } }) +
      ev("tool-call-start", {
        index: 3,
        delta: { message: { tool_calls: { id: "t1", type: "function", function: { name: "f", arguments: "" } } } },
      }) +
      ev("tool-call-delta", { index: 3, delta: { message: { tool_calls: { function: { arguments: '{"a":1}' } } } } }) +
      ev("tool-call-end", { index: 3 }) +
      ev("message-end", {
        delta: { finish_reason: "TOOL_CALL", usage: { billed_units: { input_tokens: 4, output_tokens: 2 } } },
      }),
  );
  expect(out.map((f) => f.choices?.[0]?.delta)).toEqual([
    { role: "assistant", content: "" },
    { content: "Hello" },
    { tool_calls: [{ index: 0, id: "t1", type: "function", function: { name: "f", arguments: "" } }] },
    { tool_calls: [{ index: 0, function: { arguments: '{"a":1}' } }] },
    {},
    undefined,
  ]);
  expect(out[4]!.choices![0]!.finish_reason).toBe("tool_calls");
  expect(out[5]).toMatchObject({ choices: [], usage: { prompt_tokens: 4, completion_tokens: 2 } });
});

test("Cohere embed: texts with input_type, float vectors back with billed tokens; token inputs refused", () => {
  expect(cohereEmbedBody({ input: ["a", "b"], dimensions: 256 }, "embed-v4.0")).toEqual({
    model: "embed-v4.0",
    texts: ["a", "b"],
    input_type: "search_document",
    embedding_types: ["float"],
    output_dimension: 256,
  });
  expect(cohereEmbedBody({ input: "q", input_type: "search_query" }, "m").input_type).toBe("search_query");
  expect(() => cohereEmbedBody({ input: [1, 2, 3] }, "m")).toThrow(/string/);
  expect(
    cohereEmbedToOpenAI({ embeddings: { float: [[0.1], [0.2]] }, meta: { billed_units: { input_tokens: 3 } } }, "m"),
  ).toEqual({
    object: "list",
    data: [
      { object: "embedding", index: 0, embedding: [0.1] },
      { object: "embedding", index: 1, embedding: [0.2] },
    ],
    model: "m",
    usage: { prompt_tokens: 3, total_tokens: 3 },
  });
});

test("Ollama /api/chat body: images as bare base64, object arguments, tool_name from the call, options", () => {
  const body = ollamaChatBody(
    {
      messages: [
        ...history,
        {
          role: "user",
          content: [
            { type: "text", text: "See" },
            { type: "image_url", image_url: { url: "data:image/png;base64,QUJD" } },
          ],
        },
      ],
      tools,
      max_tokens: 20,
      temperature: 0,
      stop: "END",
      response_format: { type: "json_object" },
    },
    "llama3.1",
    false,
  );
  expect(body).toEqual({
    model: "llama3.1",
    stream: false,
    messages: [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather?" },
      { role: "assistant", content: "", tool_calls: [{ function: { name: "weather", arguments: { city: "Oslo" } } }] },
      { role: "tool", content: "rain", tool_name: "weather" },
      { role: "user", content: "See", images: ["QUJD"] },
    ],
    tools,
    options: { num_predict: 20, temperature: 0, stop: ["END"] },
    format: "json",
  });
  expect(() =>
    ollamaChatBody(
      { messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "http://x/y.png" } }] }] },
      "m",
      false,
    ),
  ).toThrow(/data: URLs/);
  expect(ollamaEmbedBody({ input: "hi" }, "nomic-embed-text")).toEqual({ model: "nomic-embed-text", input: ["hi"] });
});

test("Ollama answers: JSON with tool calls and eval counts; NDJSON stream with thinking, tools, usage, errors", async () => {
  const out = ollamaChatToOpenAI(
    {
      model: "llama3.1",
      message: { role: "assistant", content: "", tool_calls: [{ function: { name: "f", arguments: { a: 1 } } }] },
      done: true,
      done_reason: "stop",
      prompt_eval_count: 26,
      eval_count: 8,
    },
    "llama3.1",
  ) as Frame & { choices: { message: Record<string, unknown> }[] };
  expect(out.choices[0]!.message.tool_calls).toEqual([
    { id: "call_0", type: "function", function: { name: "f", arguments: '{"a":1}' } },
  ]);
  expect(out.choices[0]!.finish_reason).toBe("tool_calls");
  expect(out.usage).toEqual({ prompt_tokens: 26, completion_tokens: 8, total_tokens: 34 });

  const line = (o: object) => `${JSON.stringify(o)}\n`;
  const chunks = await frames(
    ollamaEventsToSse("llama3.1"),
    line({ message: { role: "assistant", content: "", thinking: "hm" }, done: false }) +
      line({ message: { role: "assistant", content: "Hi" }, done: false }) +
      line({
        message: { role: "assistant", content: "", tool_calls: [{ function: { name: "g", arguments: {} } }] },
        done: false,
      }) +
      line({
        message: { role: "assistant", content: "" },
        done: true,
        done_reason: "stop",
        prompt_eval_count: 5,
        eval_count: 3,
      }) +
      line({ error: "model crashed" }),
  );
  expect(chunks.map((c) => c.choices?.[0]?.delta ?? c.error)).toEqual([
    { role: "assistant", content: "" },
    { reasoning_content: "hm" },
    { content: "Hi" },
    { tool_calls: [{ index: 0, id: "call_0", type: "function", function: { name: "g", arguments: "{}" } }] },
    {},
    undefined,
    { message: "model crashed", type: "api_error", code: "api_error" },
  ]);
  expect(chunks[4]!.choices![0]!.finish_reason).toBe("tool_calls");
  expect(chunks[5]).toMatchObject({ usage: { prompt_tokens: 5, completion_tokens: 3 } });
});

function request(type: number, mode: RelayMode, path: string, setting: Record<string, unknown> = {}) {
  const channel = { id: 1, type, baseUrl: "", other: "", organization: "", setting } as unknown as CachedChannel;
  const ctx: AdapterContext = { channel, key: "k", mode, path, upstreamModel: "m", stream: true };
  return adapterFor(type)!.buildRequest(ctx, { model: "m", messages: [{ role: "user", content: "hi" }], input: "x" });
}

test("Ollama: OpenAI mode by default, /api/chat and /api/embed with ollama_api native; Cohere refuses images", () => {
  expect(request(4, "chat", "/v1/chat/completions").url).toBe("http://localhost:11434/v1/chat/completions");
  expect(request(4, "images", "/v1/images/generations").url).toBe("http://localhost:11434/v1/images/generations");
  const native = { ollama_api: "native" };
  const chat = request(4, "chat", "/v1/chat/completions", native);
  expect([chat.url, JSON.parse(chat.body as string).stream, typeof chat.decodeStream]).toEqual([
    "http://localhost:11434/api/chat",
    true,
    "function",
  ]);
  expect(request(4, "embeddings", "/v1/embeddings", native).url).toBe("http://localhost:11434/api/embed");
  expect(() => request(4, "images", "/v1/images/generations", native)).toThrow();
  expect(() => request(34, "images", "/v1/images/generations")).toThrow();
});
