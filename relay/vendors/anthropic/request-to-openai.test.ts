// Claude client requests (formats/claude): /v1/messages bodies validated and converted to OpenAI chat
// for OpenAI-type channels. The other direction (OpenAI -> type-14 channels) is request-from-openai.test.ts.
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import type { Json } from "@/relay/kernel/format";
import { RelayError } from "@/relay/kernel/errors";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

const opts = convertOptionsFor("claude-3-5-sonnet");

describe("inspect (/v1/messages body)", () => {
  const ok = { model: "claude-x", max_tokens: 100, messages: [{ role: "user", content: "hello" }], system: "be nice" };
  test("facts from a valid body, system included in the prompt text", () => {
    const f = claudeFormat.inspect({ ...ok, stream: true }, "chat");
    expect(f).toMatchObject({ model: "claude-x", stream: true, maxTokens: 100 });
    expect(f.promptText).toContain("be nice");
    expect(f.promptText).toContain("hello");
    expect(f.promptTokens).toBeGreaterThan(0);
  });
  test.each([
    [{ ...ok, model: undefined }, "model"],
    [{ ...ok, messages: "x" }, "messages"],
    [{ ...ok, max_tokens: 1.5 }, "max_tokens"],
    [{ ...ok, max_tokens: 0 }, "max_tokens"],
    [{ ...ok, stream: "yes" }, "stream"],
    [{ ...ok, messages: [{ role: "tool", content: "x" }] }, "messages"],
  ])("rejects %j with a 400 naming %s", (body, field) => {
    let err: unknown;
    try {
      claudeFormat.inspect(body as Json, "chat");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RelayError);
    expect((err as RelayError).status).toBe(400);
    expect((err as RelayError).message).toContain(field);
  });
});

describe("toOpenAIRequest (Claude client -> OpenAI channel)", () => {
  test("system, images, tool_use, tool_result, tools, tool_choice, stop, sampling, thinking", () => {
    const out = claudeFormat.toOpenAIRequest(
      {
        model: "c",
        max_tokens: 50,
        system: [
          { type: "text", text: "sys A" },
          { type: "text", text: "sys B" },
        ],
        temperature: 0.3,
        top_p: 0.9,
        stop_sequences: ["END"],
        thinking: { type: "enabled", budget_tokens: 2048 },
        metadata: { user_id: "u1" },
        tools: [
          {
            name: "weather",
            description: "w",
            input_schema: { type: "object", properties: { city: { type: "string" } } },
          },
        ],
        tool_choice: { type: "tool", name: "weather" },
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "look" },
              { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "AAAA" } },
              { type: "image", source: { type: "url", url: "https://x.test/a.png" } },
            ],
          },
          {
            role: "assistant",
            content: [
              { type: "text", text: "calling" },
              { type: "tool_use", id: "t1", name: "weather", input: { city: "Oslo" } },
            ],
          },
          {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "sunny" }] },
              { type: "text", text: "thanks" },
            ],
          },
        ],
      },
      opts({ upstreamModel: "gpt-up", stream: true }),
    );
    expect(out.model).toBe("gpt-up");
    expect(out.messages).toEqual([
      { role: "system", content: "sys A\nsys B" },
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image_url", image_url: { url: "data:image/jpeg;base64,AAAA" } },
          { type: "image_url", image_url: { url: "https://x.test/a.png" } },
        ],
      },
      {
        role: "assistant",
        content: "calling",
        tool_calls: [{ id: "t1", type: "function", function: { name: "weather", arguments: '{"city":"Oslo"}' } }],
      },
      { role: "tool", tool_call_id: "t1", content: "sunny" },
      { role: "user", content: "thanks" },
    ]);
    expect(out.tools).toEqual([
      {
        type: "function",
        function: {
          name: "weather",
          description: "w",
          parameters: { type: "object", properties: { city: { type: "string" } } },
        },
      },
    ]);
    expect(out.tool_choice).toEqual({ type: "function", function: { name: "weather" } });
    expect(out).toMatchObject({
      max_tokens: 50,
      temperature: 0.3,
      top_p: 0.9,
      stop: ["END"],
      user: "u1",
      reasoning_effort: "medium",
    });
    expect(out.stream).toBe(true);
    expect(out.stream_options).toEqual({ include_usage: true });
  });
  test("tool_choice any -> required, auto -> auto; assistant with only tool_use has null content", () => {
    const base = {
      model: "c",
      max_tokens: 5,
      tools: [{ name: "f", input_schema: { type: "object" } }],
      messages: [{ role: "assistant", content: [{ type: "tool_use", id: "a", name: "f", input: {} }] }],
    };
    const any = claudeFormat.toOpenAIRequest({ ...base, tool_choice: { type: "any" } }, opts());
    expect(any.tool_choice).toBe("required");
    expect((any.messages as Json[])[0]!.content).toBeNull();
    expect(claudeFormat.toOpenAIRequest({ ...base, tool_choice: { type: "auto" } }, opts()).tool_choice).toBe("auto");
  });
});

// Issue 19 B: Claude Code's mid-conversation system entries and fields the conversion used to drop.
describe("mid-conversation system entries and structured output", () => {
  const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
  const body: Json = {
    model: "alias-model",
    max_tokens: 50,
    system: "top",
    messages: [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
      { role: "system", content: [{ type: "text", text: "now answer in French" }] },
      { role: "user", content: "where?" },
    ],
    output_config: { format: { type: "json_schema", schema }, effort: "max" },
    tools: [{ name: "f", input_schema: { type: "object" } }],
    tool_choice: { type: "auto", disable_parallel_tool_use: true },
  };

  test("inspect accepts role system inside messages and counts its text", () => {
    expect(claudeFormat.inspect(body, "chat").promptText).toContain("now answer in French");
  });

  test("-> OpenAI: the system entry stays in place; output_config.format, effort, parallel calls carried", () => {
    const out = claudeFormat.toOpenAIRequest(body, opts());
    expect(out.messages).toEqual([
      { role: "system", content: "top" },
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
      { role: "system", content: "now answer in French" },
      { role: "user", content: "where?" },
    ]);
    expect(out.response_format).toEqual({ type: "json_schema", json_schema: { name: "output", schema, strict: true } });
    expect(out.reasoning_effort).toBe("high");
    expect(out.parallel_tool_calls).toBe(false);
  });

  test("the older beta output_format is read the same way", () => {
    const { output_config: _drop, ...rest } = body;
    void _drop;
    const out = claudeFormat.toOpenAIRequest({ ...rest, output_format: { type: "json_schema", schema } }, opts());
    expect((out.response_format as Json).json_schema).toEqual({ name: "output", schema, strict: true });
  });

  test("OpenAI -> Anthropic: response_format json_schema becomes output_config.format; parallel_tool_calls false", () => {
    const out = claudeFormat.fromOpenAIRequest(
      {
        model: "x",
        messages: [{ role: "user", content: "q" }],
        response_format: { type: "json_schema", json_schema: { name: "o", schema } },
        tools: [{ type: "function", function: { name: "f", parameters: { type: "object" } } }],
        parallel_tool_calls: false,
      },
      opts(),
    );
    expect(out.output_config).toEqual({ format: { type: "json_schema", schema } });
    expect(out.tool_choice).toEqual({ type: "auto", disable_parallel_tool_use: true });
  });

  test("a native Anthropic call keeps the system entry where the client put it", () => {
    const out = claudeFormat.prepareNative!(body, opts());
    expect((out.messages as Json[])[2]).toEqual(body.messages && (body.messages as Json[])[2]);
  });
});
