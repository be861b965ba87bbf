// Claude non-stream responses both ways, usage normalisation (cache read / creation), errors,
// and the type-14 adapter's request (URL, headers, per-model headers).
import { optionsOf } from "@/lib/server/options/store";
import { adapterFor } from "@/relay/vendors";
import type { AdapterContext } from "@/relay/kernel/adapter";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { RelayError } from "@/relay/kernel/errors";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import type { ConvertOptions, Json } from "@/relay/kernel/format";

const anthropicAdapter = adapterFor(14)!;

const o: ConvertOptions = { mode: "chat", upstreamModel: "claude-up", stream: false, options: optionsOf() };
const claudeUsage = {
  input_tokens: 20,
  cache_read_input_tokens: 100,
  cache_creation_input_tokens: 40,
  output_tokens: 9,
};

test("usageOf: prompt includes cache read and creation; cached/write split out", () => {
  expect(claudeFormat.usageOf({ usage: claudeUsage })).toEqual({
    promptTokens: 160,
    completionTokens: 9,
    cachedTokens: 100,
    cacheWriteTokens: 40,
  });
  expect(claudeFormat.usageOf({ usage: { input_tokens: 3, output_tokens: 4 } })).toEqual({
    promptTokens: 3,
    completionTokens: 4,
    cachedTokens: 0,
  });
  expect(claudeFormat.usageOf({})).toBeNull();
});

test("toOpenAIResponse: text, thinking, tool_use, stop reasons, usage", () => {
  const out = claudeFormat.toOpenAIResponse(
    {
      id: "msg_1",
      model: "claude-up",
      content: [
        { type: "thinking", thinking: "hmm" },
        { type: "text", text: "Hi" },
        { type: "tool_use", id: "tu", name: "f", input: { a: 1 } },
      ],
      stop_reason: "tool_use",
      usage: claudeUsage,
    },
    o,
  );
  const choice = (out.choices as Json[])[0]!;
  expect(choice.finish_reason).toBe("tool_calls");
  expect(choice.message).toEqual({
    role: "assistant",
    content: "Hi",
    reasoning_content: "hmm",
    tool_calls: [{ id: "tu", type: "function", function: { name: "f", arguments: '{"a":1}' } }],
  });
  expect(out.usage).toMatchObject({
    prompt_tokens: 160,
    completion_tokens: 9,
    prompt_tokens_details: { cached_tokens: 100 },
  });
  for (const [reason, finish] of [
    ["end_turn", "stop"],
    ["max_tokens", "length"],
    ["stop_sequence", "stop"],
  ]) {
    const r = claudeFormat.toOpenAIResponse({ content: [{ type: "text", text: "x" }], stop_reason: reason }, o);
    expect((r.choices as Json[])[0]!.finish_reason).toBe(finish);
  }
  expect(
    claudeFormat.responseText({
      content: [
        { type: "text", text: "ab" },
        { type: "thinking", thinking: "c" },
      ],
    }),
  ).toBe("abc");
});

test("fromOpenAIResponse: Claude message with text/thinking/tool_use blocks and usage", () => {
  const base = { requestId: "req1", clientModel: "claude-client" };
  const out = claudeFormat.fromOpenAIResponse(
    {
      choices: [
        {
          message: {
            role: "assistant",
            content: "answer",
            reasoning_content: "think",
            tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: '{"x":2}' } }],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 50, completion_tokens: 7, prompt_tokens_details: { cached_tokens: 30 } },
    },
    { ...o, ...base },
  );
  expect(out).toEqual({
    id: "msg_req1",
    type: "message",
    role: "assistant",
    model: "claude-client",
    content: [
      { type: "thinking", thinking: "think", signature: "" },
      { type: "text", text: "answer" },
      { type: "tool_use", id: "call_1", name: "f", input: { x: 2 } },
    ],
    stop_reason: "tool_use",
    stop_sequence: null,
    usage: { input_tokens: 20, output_tokens: 7, cache_read_input_tokens: 30, cache_creation_input_tokens: 0 },
  });
  const finish = (f: string) =>
    claudeFormat.fromOpenAIResponse({ choices: [{ message: { content: "x" }, finish_reason: f }] }, { ...o, ...base })
      .stop_reason;
  expect(finish("stop")).toBe("end_turn");
  expect(finish("length")).toBe("max_tokens");
});

test("errorBody: Claude error shape with the type mapped from the status", () => {
  const cases: [number, string][] = [
    [400, "invalid_request_error"],
    [401, "authentication_error"],
    [403, "permission_error"],
    [404, "not_found_error"],
    [413, "request_too_large"],
    [429, "rate_limit_error"],
    [500, "api_error"],
    [502, "api_error"],
    [529, "overloaded_error"],
  ];
  for (const [status, type] of cases) {
    const body = JSON.parse(claudeFormat.errorBody(new RelayError(status, "boom"), "rid")) as Json;
    expect(body.type).toBe("error");
    expect(body.error).toEqual({ type, message: "boom (request id: rid)" });
  }
});

describe("anthropic adapter (type 14)", () => {
  const channel = { baseUrl: "https://claude.test/", keys: ["k"] } as unknown as CachedChannel;
  const ctx = (over: Partial<AdapterContext> = {}): AdapterContext => ({
    channel,
    key: "sk-ant-1",
    mode: "chat",
    path: "/v1/messages",
    upstreamModel: "claude-a",
    stream: false,
    ...over,
  });
  test("URL, x-api-key, default anthropic-version, json accept", () => {
    const r = anthropicAdapter.buildRequest(ctx(), { model: "claude-a" });
    expect(r.url).toBe("https://claude.test/v1/messages");
    expect(r.headers).toMatchObject({
      "x-api-key": "sk-ant-1",
      "anthropic-version": "2023-06-01",
      accept: "application/json",
    });
    expect(r.headers.authorization).toBeUndefined();
    expect(anthropicAdapter.format).toBe("claude");
  });
  test("the client's allowed anthropic-beta values reach Anthropic, each once; paid betas do not (review N9)", () => {
    // context-1m is sent when the admin sets it for the model, never on the client's word alone.
    const options = optionsOf([
      ["claude.model_headers_settings", JSON.stringify({ m: { "anthropic-beta": ["context-1m-2025-08-07"] } })],
    ]);
    const claudeCode =
      "claude-code-20250219,interleaved-thinking-2025-05-14, mid-conversation-system-2026-04-07,code-execution-2025-08-25";
    const r = anthropicAdapter.buildRequest(
      ctx({
        options,
        clientHeaders: {
          "anthropic-beta": [claudeCode, "context-1m-2025-08-07,extended-cache-ttl-2025-04-11,claude-code-20250219"],
        },
      }),
      { model: "m" },
    );
    expect(r.headers["anthropic-beta"]).toBe(
      "context-1m-2025-08-07,claude-code-20250219,interleaved-thinking-2025-05-14,mid-conversation-system-2026-04-07",
    );
    const other = anthropicAdapter.buildRequest(
      ctx({ clientHeaders: { "anthropic-beta": "context-1m-2025-08-07,skills-2025-10-02" } }),
      { model: "x" },
    );
    expect(other.headers["anthropic-beta"]).toBeUndefined();
  });
  test("client's anthropic-version and anthropic-beta forwarded; stream accept; per-model headers", () => {
    const options = optionsOf([
      [
        "claude.model_headers_settings",
        JSON.stringify({ "claude-a": { "anthropic-beta": ["b1", "b2"], "x-extra": "v" }, other: { "x-no": "1" } }),
      ],
    ]);
    const r = anthropicAdapter.buildRequest(
      ctx({
        stream: true,
        options,
        clientHeaders: { "anthropic-version": "2024-01-01", "anthropic-beta": "token-efficient-tools-2025-02-19" },
      }),
      { model: "claude-a" },
    );
    expect(r.headers).toMatchObject({
      "anthropic-version": "2024-01-01",
      "anthropic-beta": "b1,b2,token-efficient-tools-2025-02-19",
      "x-extra": "v",
      accept: "text/event-stream",
    });
    expect(r.headers["x-no"]).toBeUndefined();
    const def = anthropicAdapter.buildRequest(
      ctx({ channel: { baseUrl: "", keys: [] } as unknown as CachedChannel }),
      {},
    );
    expect(def.url).toBe("https://api.anthropic.com/v1/messages");
  });
});
