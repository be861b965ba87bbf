// Anthropic Messages through the gateway with the official SDKs: /v1/messages natively to a type-14
// channel (mock-anthropic.ts) and converted to OpenAI channels (mock-upstream.ts, mock-openai-tools.ts),
// OpenAI chat to a type-14 channel, tool-use round trips, Claude-shaped errors, exact billing with
// cache tokens, and the channel test / fetch models / balance of type 14.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { MOCK_TEXT, MOCK_USAGE, startMockAnthropic, type MockAnthropic } from "./mock-anthropic";
import { startMockUpstream, type MockUpstream } from "./mock-upstream";
import { startMockOpenAITools, TOOLS_FINAL, type MockOpenAITools } from "./mock-openai-tools";

let gw: Gateway;
let anth: MockAnthropic;
let oai: MockUpstream;
let tools: MockOpenAITools;
let anthChannel: number;
let token: { id: number; key: string };
const CHANNEL_KEY = "sk-ant-channel-secret";
const RATIOS = { model: 2, completion: 3, cache: 0.1, group: 1.5 };

const claude = (key = token.key) => new Anthropic({ apiKey: key, baseURL: gw.url, maxRetries: 0 });
const openai = () => new OpenAI({ apiKey: token.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
const weatherTool = {
  name: "get_weather",
  description: "Weather of a city",
  input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
};

/** A raw streamed /v1/messages call with x-api-key and no anthropic-version: the event names on the wire. */
async function rawEvents(model: string): Promise<string[]> {
  const r = await fetch(`${gw.url}/v1/messages`, {
    method: "POST",
    headers: { "x-api-key": token.key, "content-type": "application/json" },
    body: JSON.stringify({ model, max_tokens: 20, stream: true, messages: [{ role: "user", content: "hi" }] }),
  });
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toContain("text/event-stream");
  const names: string[] = [];
  for (const frame of (await r.text()).split("\n\n")) {
    const m = /^event: (\S+)\ndata: (.+)$/s.exec(frame.trim());
    if (!m) continue;
    expect((JSON.parse(m[2]!) as { type: string }).type).toBe(m[1]);
    names.push(m[1]!);
  }
  return names;
}

beforeAll(async () => {
  [anth, oai, tools] = await Promise.all([startMockAnthropic(), startMockUpstream(), startMockOpenAITools()]);
  gw = await startGateway();
  const opt = (key: string, value: unknown) => gw.api("PUT", "/api/option/", { key, value: JSON.stringify(value) });
  await opt("ModelRatio", {
    "claude-native": 1,
    "claude-bill": RATIOS.model,
    "gpt-conv": 1,
    "gpt-tools": 1,
    "claude-fail": 1,
  });
  await opt("CompletionRatio", { "claude-bill": RATIOS.completion });
  await opt("CacheRatio", { "claude-bill": RATIOS.cache });
  await opt("GroupRatio", { default: RATIOS.group, vip: 1, svip: 1 });
  anthChannel = await gw.createChannel({
    name: "anthropic",
    type: 14,
    key: CHANNEL_KEY,
    base_url: anth.url,
    models: "claude-native,claude-bill",
  });
  await gw.createChannel({
    name: "anthropic-failing",
    type: 14,
    key: CHANNEL_KEY,
    base_url: anth.url,
    models: "claude-fail",
    model_mapping: JSON.stringify({ "claude-fail": "fail-429" }),
  });
  await gw.createChannel({ name: "openai", type: 1, key: "sk-oai", base_url: oai.url, models: "gpt-conv" });
  await gw.createChannel({ name: "openai-tools", type: 1, key: "sk-oai", base_url: tools.url, models: "gpt-tools" });
  token = await gw.createToken();
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await Promise.all([anth?.close(), oai?.close(), tools?.close()]);
});

describe("Anthropic SDK -> Anthropic channel (native)", () => {
  test("messages.create: forwarded natively with the channel key and anthropic-version", async () => {
    const before = anth.requests.length;
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
    expect(anth.requests).toHaveLength(before + 1);
    const got = anth.requests.at(-1)!;
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
    expect(anth.requests.at(-1)!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(anth.requests.at(-1)!.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(anth.requests.at(-1)!.body.stream).toBe(true);
    expect(anth.requests.at(-1)!.headers.accept).toBe("text/event-stream");
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
    const sent = oai.requests.at(-1)!;
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
    expect(oai.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true });
    expect(oai.requests.at(-1)!.path).toBe("/v1/chat/completions");
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
    expect(tools.requests.at(-1)!.tools).toEqual([
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
    const sent = tools.requests.at(-1)!.messages as Record<string, unknown>[];
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
    const sent = anth.requests.at(-1)!;
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
    expect(anth.requests.at(-1)!.body.tools).toEqual([{ name: "get_weather", input_schema: weatherTool.input_schema }]);
  });
});

describe("Claude-shaped errors", () => {
  test("bad key -> 401 authentication_error", async () => {
    const err = await claude("sk-not-a-token")
      .messages.create({ model: "claude-native", max_tokens: 5, messages: [{ role: "user", content: "x" }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((err as InstanceType<typeof Anthropic.APIError>).status).toBe(401);
    expect((err as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: "error",
      error: { type: "authentication_error" },
    });
  });

  test("a missing max_tokens is filled from claude.default_max_tokens (8192) on the way to the channel", async () => {
    const r = await fetch(`${gw.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": token.key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-native", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(r.status).toBe(200);
    expect(anth.requests.at(-1)!.body.max_tokens).toBe(8192);
  });

  test("a zero max_tokens, a message without a role and a non-JSON body -> 400 invalid_request_error", async () => {
    for (const body of [
      JSON.stringify({ model: "claude-native", max_tokens: 0, messages: [{ role: "user", content: "x" }] }),
      JSON.stringify({ model: "claude-native", max_tokens: 5, messages: [{ content: "x" }] }),
      "{not json",
    ]) {
      const r = await fetch(`${gw.url}/v1/messages`, {
        method: "POST",
        headers: { "x-api-key": token.key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
        body,
      });
      expect(r.status).toBe(400);
      const json = (await r.json()) as { type: string; error: { type: string; message: string } };
      expect(json.type).toBe("error");
      expect(json.error.type).toBe("invalid_request_error");
    }
  });
});

test("an Anthropic upstream error reaches a Claude client Claude-shaped and an OpenAI client OpenAI-shaped", async () => {
  const err = await claude()
    .messages.create({ model: "claude-fail", max_tokens: 5, messages: [{ role: "user", content: "x" }] })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Anthropic.RateLimitError);
  const body = (err as InstanceType<typeof Anthropic.APIError>).error as {
    type: string;
    error: { type: string; message: string };
  };
  expect(body.type).toBe("error");
  expect(body.error.type).toBe("rate_limit_error");
  expect(body.error.message).toContain("mock failure 429");
  expect(JSON.stringify(body)).not.toContain(CHANNEL_KEY);
  const oaErr = await openai()
    .chat.completions.create({ model: "claude-fail", messages: [{ role: "user", content: "x" }] })
    .catch((e: unknown) => e);
  expect(oaErr).toBeInstanceOf(OpenAI.RateLimitError);
  expect((oaErr as InstanceType<typeof OpenAI.APIError>).message).toContain("mock failure 429");
});

describe("billing with Claude cache tokens", () => {
  const expected = Math.round(
    (MOCK_USAGE.input_tokens +
      MOCK_USAGE.cache_read_input_tokens * RATIOS.cache +
      MOCK_USAGE.cache_creation_input_tokens * 1.25 +
      MOCK_USAGE.output_tokens * RATIOS.completion) *
      RATIOS.model *
      RATIOS.group,
  );
  test.each([false, true])("quota is exact and the token balance drops by it (stream %s)", async (streamed) => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const params = { model: "claude-bill", max_tokens: 32, messages: [{ role: "user" as const, content: "bill me" }] };
    const c = claude(t.key);
    if (streamed) await c.messages.stream(params).finalMessage();
    else await c.messages.create(params);
    await gw.waitFor(
      async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", t.id)).length === 1,
    );
    await gw.settle();
    const [log] = await gw.sql<{ quota: number; promptTokens: number; completionTokens: number }>(
      "select quota, promptTokens, completionTokens from logs where tokenId = ? and type = 2",
      t.id,
    );
    expect(log!.quota).toBe(expected);
    expect(log!.completionTokens).toBe(MOCK_USAGE.output_tokens);
    const [row] = await gw.sql<{ remainQuota: number; usedQuota: number }>(
      "select remainQuota, usedQuota from tokens where id = ?",
      t.id,
    );
    expect(row).toEqual({ remainQuota: 100_000 - expected, usedQuota: expected });
  });
});

describe("type-14 channel administration", () => {
  test("GET /v1/models with anthropic-version answers Anthropic's list shape", async () => {
    const list = await claude().models.list();
    const ids = list.data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["claude-native", "claude-bill", "gpt-conv"]));
    expect(list.data[0]).toMatchObject({ type: "model", display_name: list.data[0]!.id });
    const raw = (await (
      await fetch(`${gw.url}/v1/models`, { headers: { authorization: `Bearer ${token.key}` } })
    ).json()) as {
      object: string;
    };
    expect(raw.object).toBe("list");
  });

  test("channel test speaks Anthropic Messages to the mock", async () => {
    const before = anth.requests.length;
    const r = (await (await gw.raw("GET", `/api/channel/test/${anthChannel}?model=claude-native`)).json()) as {
      success: boolean;
      message: string;
    };
    expect(r.success).toBe(true);
    const sent = anth.requests.slice(before).at(-1)!;
    expect(sent.path).toBe("/v1/messages");
    expect(sent.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(sent.body).toMatchObject({
      model: "claude-native",
      max_tokens: 16,
      messages: [{ role: "user", content: "hi" }],
    });
  });

  test("fetch models lists the upstream's /v1/models with x-api-key; balance is not supported", async () => {
    const r = await gw.api<string[]>("POST", "/api/channel/fetch_models", {
      base_url: anth.url,
      type: 14,
      key: CHANNEL_KEY,
    });
    expect(r.json).toMatchObject({ success: true, data: ["claude-mock-a", "claude-mock-b"] });
    const got = anth.requests.at(-1)!;
    expect(got.method).toBe("GET");
    expect(got.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(got.headers["anthropic-version"]).toBe("2023-06-01");
    const saved = await gw.api<string[]>("GET", `/api/channel/fetch_models/${anthChannel}`);
    expect(saved.json.data).toEqual(["claude-mock-a", "claude-mock-b"]);
    const balance = await gw.api("GET", `/api/channel/update_balance/${anthChannel}`);
    expect(balance.json.success).toBe(false);
    expect(balance.json.message).toContain("14");
    expect(JSON.stringify(balance.json)).not.toContain(CHANNEL_KEY);
  });
});
