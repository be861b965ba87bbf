// OpenAI chat requests to Anthropic Messages for type-14 channels (formats/claude): system blocks,
// tools, thinking, default max_tokens, native preparation, documents and web search.
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import type { Json } from "@/relay/kernel/format";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

const opts = convertOptionsFor("claude-3-5-sonnet");

describe("fromOpenAIRequest (OpenAI -> Anthropic channel)", () => {
  test("system blocks, merging, tool calls and results, images, stop, tools, tool_choice", () => {
    const out = claudeFormat.fromOpenAIRequest(
      {
        model: "x",
        max_tokens: 300,
        stop: "STOP",
        user: "me",
        temperature: 0.5,
        tools: [
          {
            type: "function",
            function: { name: "weather", description: "d", parameters: { type: "object", properties: {} } },
          },
        ],
        tool_choice: "required",
        messages: [
          { role: "system", content: "S1" },
          { role: "developer", content: [{ type: "text", text: "S2" }] },
          { role: "user", content: "a" },
          { role: "user", content: "b" },
          {
            role: "user",
            content: [
              { type: "image_url", image_url: { url: "data:image/png;base64,QUJD" } },
              { type: "image_url", image_url: { url: "https://img.test/x.png" } },
            ],
          },
          {
            role: "assistant",
            content: "",
            tool_calls: [{ id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } }],
          },
          { role: "tool", tool_call_id: "c1", content: "hot" },
          { role: "assistant", content: "" },
        ],
      },
      opts({ stream: true }),
    );
    expect(out.system).toEqual([
      { type: "text", text: "S1" },
      { type: "text", text: "S2" },
    ]);
    expect(out.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "a\nb" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "QUJD" } },
          { type: "image", source: { type: "url", url: "https://img.test/x.png" } },
        ],
      },
      { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "weather", input: { city: "Rome" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "c1", content: "hot" }] },
      { role: "assistant", content: "..." },
    ]);
    expect(out.stop_sequences).toEqual(["STOP"]);
    expect(out.tools).toEqual([
      { name: "weather", description: "d", input_schema: { type: "object", properties: {} } },
    ]);
    expect(out.tool_choice).toEqual({ type: "any" });
    expect(out).toMatchObject({
      model: "claude-3-5-sonnet",
      max_tokens: 300,
      temperature: 0.5,
      stream: true,
      metadata: { user_id: "me" },
    });
  });
  test("leading user '...' when the first message is not a user one; an empty user content is refused", () => {
    const out = claudeFormat.fromOpenAIRequest(
      {
        messages: [
          { role: "assistant", content: "hi" },
          { role: "user", content: "ok" },
        ],
      },
      opts(),
    );
    expect(out.messages).toEqual([
      { role: "user", content: "..." },
      { role: "assistant", content: "hi" },
      { role: "user", content: "ok" },
    ]);
    // Claude refuses empty content: the conversion says so instead of sending a stand-in.
    const empty = { messages: [{ role: "user", content: "" }] };
    expect(() => claudeFormat.fromOpenAIRequest(empty, opts())).toThrow("Invalid field 'messages[0].content'");
  });
  test("tool_choice none / auto / named", () => {
    const t = [{ type: "function", function: { name: "f" } }];
    const m = [{ role: "user", content: "x" }];
    expect(claudeFormat.fromOpenAIRequest({ messages: m, tools: t, tool_choice: "none" }, opts()).tool_choice).toEqual({
      type: "none",
    });
    expect(claudeFormat.fromOpenAIRequest({ messages: m, tools: t, tool_choice: "auto" }, opts()).tool_choice).toEqual({
      type: "auto",
    });
    expect(
      claudeFormat.fromOpenAIRequest(
        { messages: m, tools: t, tool_choice: { type: "function", function: { name: "f" } } },
        opts(),
      ).tool_choice,
    ).toEqual({ type: "tool", name: "f" });
  });
  test("missing max_tokens -> claude.default_max_tokens (per model, then default, then 8192)", () => {
    const m = [{ role: "user", content: "x" }];
    expect(claudeFormat.fromOpenAIRequest({ messages: m }, opts()).max_tokens).toBe(8192);
    const table = { "claude.default_max_tokens": JSON.stringify({ default: 1000, "claude-3-5-sonnet": 4321 }) };
    expect(claudeFormat.fromOpenAIRequest({ messages: m }, opts({}, table)).max_tokens).toBe(4321);
    expect(claudeFormat.fromOpenAIRequest({ messages: m }, opts({ upstreamModel: "other" }, table)).max_tokens).toBe(
      1000,
    );
    expect(claudeFormat.fromOpenAIRequest({ messages: m, max_completion_tokens: 77 }, opts({}, table)).max_tokens).toBe(
      77,
    );
  });
  test("reasoning_effort -> thinking budget 1280/2048/4096, temperature 1, max_tokens above the budget", () => {
    const m = [{ role: "user", content: "x" }];
    for (const [effort, budget] of [
      ["low", 1280],
      ["medium", 2048],
      ["high", 4096],
    ] as const) {
      const out = claudeFormat.fromOpenAIRequest(
        { messages: m, reasoning_effort: effort, max_tokens: 100, top_p: 0.5 },
        opts(),
      );
      expect(out.thinking).toEqual({ type: "enabled", budget_tokens: budget });
      expect(out.temperature).toBe(1);
      expect(out.top_p).toBeUndefined();
      expect(out.max_tokens as number).toBeGreaterThan(budget);
    }
  });
  test("-thinking suffix adapter: stripped, budget = max_tokens x percentage, max_tokens >= 1280", () => {
    const m = [{ role: "user", content: "x" }];
    const out = claudeFormat.fromOpenAIRequest(
      { messages: m, max_tokens: 100, top_p: 0.3, temperature: 0.2 },
      opts({ upstreamModel: "claude-sonnet-4-thinking" }),
    );
    expect(out.model).toBe("claude-sonnet-4");
    expect(out.max_tokens).toBe(1280);
    expect(out.thinking).toEqual({ type: "enabled", budget_tokens: 1024 });
    expect(out.temperature).toBe(1);
    expect(out.top_p).toBeUndefined();
    const custom = claudeFormat.fromOpenAIRequest(
      { messages: m, max_tokens: 10000 },
      opts(
        { upstreamModel: "claude-sonnet-4-thinking" },
        { "claude.thinking_adapter_budget_tokens_percentage": "0.5" },
      ),
    );
    expect(custom.thinking).toEqual({ type: "enabled", budget_tokens: 5000 });
    const off = claudeFormat.fromOpenAIRequest(
      { messages: m, max_tokens: 100 },
      opts({ upstreamModel: "claude-sonnet-4-thinking" }, { "claude.thinking_adapter_enabled": "false" }),
    );
    expect(off.model).toBe("claude-sonnet-4-thinking");
    expect(off.thinking).toBeUndefined();
  });
  test("prepareNative: upstream model, default max_tokens, thinking suffix; the rest untouched", () => {
    const body = {
      model: "alias",
      messages: [{ role: "user", content: "x" }],
      system: "s",
      metadata: { user_id: "q" },
    };
    const out = claudeFormat.prepareNative(body, opts({ upstreamModel: "claude-real" }));
    expect(out).toEqual({ ...body, model: "claude-real", max_tokens: 8192 });
    expect(body.model).toBe("alias");
    const think = claudeFormat.prepareNative(
      { ...body, max_tokens: 2000 },
      opts({ upstreamModel: "claude-real-thinking" }),
    );
    expect(think).toMatchObject({
      model: "claude-real",
      max_tokens: 2000,
      thinking: { type: "enabled", budget_tokens: 1600 },
    });
  });
});

describe("documents and web search", () => {
  test("web_search_options -> web_search_20250305 tool with max_uses 1/5/10", () => {
    const m = [{ role: "user", content: "x" }];
    for (const [size, uses] of [
      ["low", 1],
      ["medium", 5],
      ["high", 10],
    ] as const) {
      const out = claudeFormat.fromOpenAIRequest(
        { messages: m, web_search_options: { search_context_size: size } },
        opts(),
      );
      expect(out.tools).toEqual([{ type: "web_search_20250305", name: "web_search", max_uses: uses }]);
    }
    const def = claudeFormat.fromOpenAIRequest({ messages: m, web_search_options: {} }, opts());
    expect((def.tools as Json[])[0]!.max_uses).toBe(5);
  });
  test("PDF both ways: OpenAI file/data URL <-> Claude base64 document", () => {
    const out = claudeFormat.fromOpenAIRequest(
      {
        messages: [
          { role: "user", content: [{ type: "file", file: { file_data: "data:application/pdf;base64,JVBE" } }] },
        ],
      },
      opts(),
    );
    expect((out.messages as Json[])[0]!.content).toEqual([
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBE" } },
    ]);
    const back = claudeFormat.toOpenAIRequest(
      {
        model: "c",
        max_tokens: 5,
        messages: [
          {
            role: "user",
            content: [
              { type: "document", source: { type: "base64", media_type: "application/pdf", data: "JVBE" } },
              { type: "text", text: "summarise" },
            ],
          },
        ],
      },
      opts(),
    );
    expect((back.messages as Json[])[0]!.content).toEqual([
      { type: "file", file: { file_data: "data:application/pdf;base64,JVBE" } },
      { type: "text", text: "summarise" },
    ]);
  });
});
