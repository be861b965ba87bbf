// Issue 20: Bedrock Converse / ConverseStream conversions (OpenAI chat <-> Converse), the choice
// between InvokeModel and Converse, and the key formats (session token, API key, region sources).
import { encodeEventStreamMessage } from "@/relay/vendors/bedrock/stream-framing";
import { converseBody, toolUseId } from "@/relay/vendors/bedrock/request-converse";
import { converseEventsToSse, converseToOpenAI } from "@/relay/vendors/bedrock/response-converse";
import { bedrockCredentials, channelRegion } from "@/relay/vendors/bedrock/adapter-credentials";
import { bedrockFormatOf, usesInvokeModel } from "@/relay/vendors/bedrock/adapter";

const event = (type: string, body: object) =>
  encodeEventStreamMessage(
    { ":event-type": type, ":content-type": "application/json", ":message-type": "event" },
    JSON.stringify({ ...body, p: "abcdef" }),
  );

async function sse(parts: Buffer[]): Promise<Record<string, unknown>[]> {
  async function* src() {
    // Re-cut the frames at odd places: the decoder must reassemble them.
    const all = Buffer.concat(parts);
    for (let i = 0; i < all.length; i += 13) yield all.subarray(i, i + 13);
  }
  let out = "";
  for await (const b of converseEventsToSse("meta.llama3-70b")(src())) out += b.toString();
  expect(out.endsWith("data: [DONE]\n\n")).toBe(true);
  return out
    .split("\n\n")
    .filter((f) => f.startsWith("data: {"))
    .map((f) => JSON.parse(f.slice(6)) as Record<string, unknown>);
}

test("system, merged roles, images as bytes, tool calls and results, inference and tool config", () => {
  const png = Buffer.from("png-bytes").toString("base64");
  const body = converseBody({
    model: "x",
    max_completion_tokens: 100,
    temperature: 0.2,
    top_p: 0.9,
    stop: "END",
    messages: [
      { role: "system", content: "Be brief." },
      { role: "developer", content: [{ type: "text", text: "Really." }] },
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url: `data:image/png;base64,${png}` } },
        ],
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call.1", type: "function", function: { name: "look", arguments: '{"q":"x"}' } },
          { id: "call_2", type: "function", function: { name: "look", arguments: "not json" } },
        ],
      },
      { role: "tool", tool_call_id: "call.1", content: "a cat" },
      { role: "tool", tool_call_id: "call_2", content: [{ type: "text", text: "a dog" }] },
    ],
    tools: [{ type: "function", function: { name: "look", description: "Look", parameters: { type: "object" } } }],
    tool_choice: { type: "function", function: { name: "look" } },
  });
  expect(body).toEqual({
    system: [{ text: "Be brief." }, { text: "Really." }],
    messages: [
      {
        role: "user",
        content: [{ text: "What is this?" }, { image: { format: "png", source: { bytes: png } } }],
      },
      {
        role: "assistant",
        content: [
          { toolUse: { toolUseId: "call_1", name: "look", input: { q: "x" } } },
          { toolUse: { toolUseId: "call_2", name: "look", input: {} } },
        ],
      },
      {
        role: "user",
        content: [
          { toolResult: { toolUseId: "call_1", content: [{ text: "a cat" }] } },
          { toolResult: { toolUseId: "call_2", content: [{ text: "a dog" }] } },
        ],
      },
    ],
    inferenceConfig: { maxTokens: 100, temperature: 0.2, topP: 0.9, stopSequences: ["END"] },
    toolConfig: {
      tools: [{ toolSpec: { name: "look", description: "Look", inputSchema: { json: { type: "object" } } } }],
      toolChoice: { tool: { name: "look" } },
    },
  });
});

test("tool_choice auto/required/none map to auto/any/(no tools); bad images are 400s", () => {
  const tools = [{ type: "function", function: { name: "f" } }];
  const msgs = [{ role: "user", content: "hi" }];
  const choice = (c: unknown) =>
    (converseBody({ messages: msgs, tools, tool_choice: c }).toolConfig ?? null) as {
      toolChoice?: unknown;
    } | null;
  expect(choice("auto")?.toolChoice).toEqual({ auto: {} });
  expect(choice("required")?.toolChoice).toEqual({ any: {} });
  expect(choice("none")).toBeNull();
  expect(choice(undefined)?.toolChoice).toBeUndefined();
  const img = (url: string) => () =>
    converseBody({ messages: [{ role: "user", content: [{ type: "image_url", image_url: { url } }] }] });
  expect(img("https://example.com/cat.png")).toThrow(/data: URLs/);
  expect(img("data:image/tiff;base64,AAAA")).toThrow(/not supported/);
  expect(toolUseId("", "fallback")).toBe("fallback");
  expect(toolUseId("x".repeat(100), "f")).toHaveLength(64);
});

test("a Converse response becomes a chat.completion with tool calls, reasoning, stop reason and cache usage", () => {
  const out = converseToOpenAI(
    {
      output: {
        message: {
          role: "assistant",
          content: [
            { reasoningContent: { reasoningText: { text: "hmm", signature: "s" } } },
            { text: "Let me look." },
            { toolUse: { toolUseId: "tu_1", name: "look", input: { q: 1 } } },
          ],
        },
      },
      stopReason: "tool_use",
      usage: { inputTokens: 10, outputTokens: 4, totalTokens: 24, cacheReadInputTokens: 7, cacheWriteInputTokens: 3 },
    },
    "us.meta.llama3",
  ) as { choices: { message: Record<string, unknown>; finish_reason: string }[]; usage: unknown; model: string };
  expect(out.model).toBe("us.meta.llama3");
  expect(out.choices[0]!.finish_reason).toBe("tool_calls");
  expect(out.choices[0]!.message).toEqual({
    role: "assistant",
    content: "Let me look.",
    reasoning_content: "hmm",
    tool_calls: [{ id: "tu_1", type: "function", function: { name: "look", arguments: '{"q":1}' } }],
  });
  expect(out.usage).toEqual({
    prompt_tokens: 20,
    completion_tokens: 4,
    total_tokens: 24,
    prompt_tokens_details: { cached_tokens: 7, cached_creation_tokens: 3 },
  });
  const cut = converseToOpenAI({ output: { message: { content: [{ text: "x" }] } }, stopReason: "max_tokens" }, "m");
  expect((cut.choices as { finish_reason: string }[])[0]!.finish_reason).toBe("length");
  expect(cut).not.toHaveProperty("usage");
});

test("ConverseStream events become OpenAI chunks: text, tool-call deltas by block, stop, usage", async () => {
  const chunks = await sse([
    event("messageStart", { role: "assistant" }),
    event("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Hel" } }),
    event("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "lo" } }),
    event("contentBlockStop", { contentBlockIndex: 0 }),
    event("contentBlockStart", { contentBlockIndex: 1, start: { toolUse: { toolUseId: "tu_9", name: "f" } } }),
    event("contentBlockDelta", { contentBlockIndex: 1, delta: { toolUse: { input: '{"a":' } } }),
    event("contentBlockDelta", { contentBlockIndex: 1, delta: { toolUse: { input: "1}" } } }),
    event("messageStop", { stopReason: "tool_use" }),
    event("metadata", { usage: { inputTokens: 5, outputTokens: 2, totalTokens: 7 }, metrics: { latencyMs: 9 } }),
  ]);
  const deltas = chunks.map((c) => (c.choices as { delta: Record<string, unknown> }[])[0]?.delta);
  expect(deltas[0]).toEqual({ role: "assistant", content: "" });
  expect(deltas[1]).toEqual({ content: "Hel" });
  expect(deltas[3]).toEqual({
    tool_calls: [{ index: 0, id: "tu_9", type: "function", function: { name: "f", arguments: "" } }],
  });
  expect(deltas[5]).toEqual({ tool_calls: [{ index: 0, function: { arguments: "1}" } }] });
  expect((chunks[6]!.choices as { finish_reason: string }[])[0]!.finish_reason).toBe("tool_calls");
  expect(chunks[7]).toMatchObject({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } });
  expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
});

test("stream exceptions and broken frames end as an OpenAI error payload", async () => {
  const exc = encodeEventStreamMessage(
    { ":message-type": "exception", ":exception-type": "throttlingException" },
    JSON.stringify({ message: "slow down" }),
  );
  expect(await sse([event("messageStart", { role: "assistant" }), exc])).toContainEqual({
    error: { message: "slow down", type: "throttlingException", code: "throttlingException" },
  });
  const broken = Buffer.from(event("messageStart", {}));
  broken.writeUInt8(broken.readUInt8(broken.length - 1) ^ 1, broken.length - 1);
  const out = await sse([broken]);
  expect(out[0]).toMatchObject({ error: { type: "api_error" } });
});

test("InvokeModel for Claude ids unless the channel asks for Converse; Converse for the rest", () => {
  const none = { setting: {} };
  expect(usesInvokeModel("anthropic.claude-3-5-sonnet-20240620-v1:0", none)).toBe(true);
  expect(usesInvokeModel("us.anthropic.claude-sonnet-4-20250514-v1:0", none)).toBe(true);
  expect(usesInvokeModel("claude-bad", none)).toBe(true);
  expect(usesInvokeModel("anthropic.claude-3-haiku", { setting: { bedrock_api: "converse" } })).toBe(false);
  expect(bedrockFormatOf("meta.llama3-1-70b-instruct-v1:0", none)).toBe("openai");
  expect(bedrockFormatOf("amazon.nova-pro-v1:0", none)).toBe("openai");
  expect(bedrockFormatOf("anthropic.claude-3-haiku", none)).toBe("claude");
});

test("keys: session tokens, API keys, and the region from the key, setting.region or `other`", () => {
  expect(bedrockCredentials("AKIA|secret|FwoGZX|us-east-1", "")).toEqual({
    kind: "sigv4",
    accessKeyId: "AKIA",
    secretAccessKey: "secret",
    sessionToken: "FwoGZX",
    region: "us-east-1",
  });
  expect(() => bedrockCredentials("AKIA|secret||us-east-1", "")).toThrow();
  expect(bedrockCredentials("AKIA|secret", "eu-central-1")).toMatchObject({ kind: "sigv4", region: "eu-central-1" });
  expect(channelRegion({ region: "ap-northeast-1" }, "us-east-1")).toBe("ap-northeast-1");
  expect(channelRegion({}, " us-east-1 ")).toBe("us-east-1");
  expect(bedrockCredentials("ABSKkey", channelRegion({ region: "us-west-2" }, ""))).toEqual({
    kind: "apikey",
    apiKey: "ABSKkey",
    region: "us-west-2",
  });
});
