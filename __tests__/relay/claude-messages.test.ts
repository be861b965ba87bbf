// Anthropic Messages flows through the gateway with the official SDKs: /v1/messages natively to a
// type-14 channel (mock-anthropic.ts) and converted to OpenAI channels (mock-upstream.ts,
// mock-openai-tools.ts), OpenAI chat to a type-14 channel, and tool-use round trips both ways, streamed
// and not. Setup in claude-support.ts; errors, billing and channel administration are in
// claude-billing-admin.test.ts.
import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import { CHANNEL_KEY, setUpClaudeGateway, weatherTool } from "./claude-support";
import { MOCK_TEXT, MOCK_USAGE } from "./mock-anthropic";
import { TOOLS_FINAL } from "./mock-openai-tools";

const env = setUpClaudeGateway();
const { claude, openai, rawEvents } = env;

describe("Anthropic SDK -> Anthropic channel (native)", () => {
  test("messages.create: forwarded natively with the channel key and anthropic-version", async () => {
    const before = env.anth.requests.length;
    const msg = await claude().messages.create(
      {
        model: "claude-native",
        max_tokens: 64,
        system: "be brief",
        messages: [{ role: "user", content: "hello" }],
      },
      { headers: { "anthropic-beta": "prompt-caching-2024-07-31", "anthropic-version": "2023-01-01" } },
    );
    expect(msg.content).toEqual([{ type: "text", text: MOCK_TEXT }]);
    expect(msg.usage).toMatchObject(MOCK_USAGE);
    expect(env.anth.requests).toHaveLength(before + 1);
    const got = env.anth.requests.at(-1)!;
    expect(got.path).toBe("/v1/messages");
    expect(got.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(got.headers["anthropic-version"]).toBe("2023-01-01");
    expect(got.headers["anthropic-beta"]).toBe("prompt-caching-2024-07-31");
    expect(got.headers.authorization).toBeUndefined();
    expect(got.body).toEqual({
      model: "claude-native",
      max_tokens: 64,
      system: "be brief",
      messages: [{ role: "user", content: "hello" }],
    });
  });

  test("messages.stream: the client receives the upstream event sequence verbatim", async () => {
    const events: string[] = [];
    const stream = claude().messages.stream({
      model: "claude-native",
      max_tokens: 64,
      messages: [{ role: "user", content: "hi" }],
    });
    stream.on("streamEvent", (e) => events.push(e.type));
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: "text", text: MOCK_TEXT }]);
    expect(final.usage.output_tokens).toBe(MOCK_USAGE.output_tokens);
    expect(final.usage.cache_read_input_tokens).toBe(MOCK_USAGE.cache_read_input_tokens);
    const words = MOCK_TEXT.split(/(?<= )/).length;
    const sequence = [
      "message_start",
      "content_block_start",
      "ping",
      ...Array<string>(words).fill("content_block_delta"),
      "content_block_stop",
      "message_delta",
      "message_stop",
    ];
    // The SDK swallows ping events; the raw wire carries them.
    expect(events).toEqual(sequence.filter((e) => e !== "ping"));
    expect(await rawEvents("claude-native")).toEqual(sequence);
    expect(env.anth.requests.at(-1)!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(env.anth.requests.at(-1)!.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(env.anth.requests.at(-1)!.body.stream).toBe(true);
    expect(env.anth.requests.at(-1)!.headers.accept).toBe("text/event-stream");
  });

  test("tool use round trip (tool_use -> tool_result -> final answer)", async () => {
    const first = await claude().messages.create({
      model: "claude-native",
      max_tokens: 100,
      tools: [weatherTool],
      messages: [{ role: "user", content: "weather in Paris?" }],
    });
    expect(first.stop_reason).toBe("tool_use");
    const use = first.content.find((b) => b.type === "tool_use")!;
    expect(use).toMatchObject({ name: "get_weather", input: { city: "Paris" } });
    const second = await claude().messages.create({
      model: "claude-native",
      max_tokens: 100,
      tools: [weatherTool],
      messages: [
        { role: "user", content: "weather in Paris?" },
        { role: "assistant", content: first.content },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: use.type === "tool_use" ? use.id : "", content: "sunny" }],
        },
      ],
    });
    expect(second.stop_reason).toBe("end_turn");
    expect(second.content).toEqual([{ type: "text", text: MOCK_TEXT }]);
  });
});

describe("Anthropic SDK -> OpenAI channel (converted)", () => {
  test("messages.create: converted request and a Claude message back", async () => {
    const msg = await claude().messages.create({
      model: "gpt-conv",
      max_tokens: 50,
      system: "sys",
      stop_sequences: ["END"],
      messages: [{ role: "user", content: "hello" }],
    });
    expect(msg).toMatchObject({ type: "message", role: "assistant", model: "gpt-conv", stop_reason: "end_turn" });
    expect(msg.id).toMatch(/^msg_/);
    expect(msg.content).toEqual([{ type: "text", text: "This is a mock completion." }]);
    expect(msg.usage).toMatchObject({ input_tokens: 12, output_tokens: 11 });
    const sent = env.oai.requests.at(-1)!;
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.body).toMatchObject({
      model: "gpt-conv",
      max_tokens: 50,
      stop: ["END"],
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "hello" },
      ],
    });
  });

  test("messages.stream: OpenAI chunks become the Anthropic event sequence", async () => {
    const events: string[] = [];
    const stream = claude().messages.stream({
      model: "gpt-conv",
      max_tokens: 50,
      messages: [{ role: "user", content: "hi" }],
    });
    stream.on("streamEvent", (e) => events.push(e.type));
    const final = await stream.finalMessage();
    expect(final.content).toEqual([{ type: "text", text: "word0 word1 word2 word3 word4 " }]);
    expect(final.stop_reason).toBe("end_turn");
    expect(final.usage).toMatchObject({ input_tokens: 12, output_tokens: 11 });
    const sequence = [
      "message_start",
      "content_block_start",
      "ping",
      ...Array<string>(5).fill("content_block_delta"),
      "content_block_stop",
      "message_delta",
      "message_stop",
    ];
    expect(events).toEqual(sequence.filter((e) => e !== "ping"));
    expect(await rawEvents("gpt-conv")).toEqual(sequence);
    expect(env.oai.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true });
    expect(env.oai.requests.at(-1)!.path).toBe("/v1/chat/completions");
  });

  test.each([false, true])("tool use round trip (stream %s)", async (streamed) => {
    const ask = async (messages: Anthropic.MessageParam[]) => {
      const params = { model: "gpt-tools", max_tokens: 100, tools: [weatherTool], messages };
      return streamed ? claude().messages.stream(params).finalMessage() : claude().messages.create(params);
    };
    const q: Anthropic.MessageParam = { role: "user", content: "weather in Paris?" };
    const first = await ask([q]);
    expect(first.stop_reason).toBe("tool_use");
    const use = first.content.find((b) => b.type === "tool_use");
    expect(use).toMatchObject({ type: "tool_use", id: "call_mock1", name: "get_weather", input: { city: "Paris" } });
    expect(env.tools.requests.at(-1)!.tools).toEqual([
      {
        type: "function",
        function: { name: "get_weather", description: "Weather of a city", parameters: weatherTool.input_schema },
      },
    ]);
    const second = await ask([
      q,
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "call_mock1", content: "sunny" }] },
    ]);
    expect(second.content).toEqual([{ type: "text", text: TOOLS_FINAL }]);
    const sent = env.tools.requests.at(-1)!.messages as Record<string, unknown>[];
    expect(sent.slice(-2)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_mock1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_mock1", content: "sunny" },
    ]);
  });
});

describe("OpenAI SDK -> Anthropic channel (converted)", () => {
  test("chat.completions.create", async () => {
    const r = await openai().chat.completions.create({
      model: "claude-native",
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "hello" },
      ],
    });
    expect(r.choices[0]!.message.content).toBe(MOCK_TEXT);
    expect(r.choices[0]!.finish_reason).toBe("stop");
    expect(r.usage).toMatchObject({ prompt_tokens: 160, completion_tokens: 9 });
    const sent = env.anth.requests.at(-1)!;
    expect(sent.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(sent.body).toMatchObject({
      model: "claude-native",
      max_tokens: 8192,
      system: [{ type: "text", text: "sys" }],
      messages: [{ role: "user", content: "hello" }],
    });
  });

  test("chat.completions stream with usage; tool calls converted", async () => {
    const stream = await openai().chat.completions.create({
      model: "claude-native",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "hello" }],
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const c of stream) {
      text += c.choices[0]?.delta.content ?? "";
      if (c.usage) usage = c.usage;
    }
    expect(text).toBe(MOCK_TEXT);
    expect(usage).toMatchObject({ prompt_tokens: 160, completion_tokens: 9 });

    const r = await openai().chat.completions.create({
      model: "claude-native",
      messages: [{ role: "user", content: "weather?" }],
      tools: [{ type: "function", function: { name: "get_weather", parameters: weatherTool.input_schema } }],
    });
    expect(r.choices[0]!.finish_reason).toBe("tool_calls");
    expect(r.choices[0]!.message.tool_calls).toEqual([
      { id: "toolu_mock1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
    ]);
    expect(env.anth.requests.at(-1)!.body.tools).toEqual([
      { name: "get_weather", input_schema: weatherTool.input_schema },
    ]);
  });
});
