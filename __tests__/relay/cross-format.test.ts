// Cross-dialect calls that go through the OpenAI pivot on both legs: an Anthropic SDK client on a
// Gemini channel (Claude -> OpenAI -> Gemini and back) and a @google/genai client on an Anthropic
// channel (Gemini -> OpenAI -> Claude and back), streamed and not, billed from the channel's own
// usage (Gemini cached tokens, Claude cache read + creation tokens). Also the openai SDK's Responses
// API on an Anthropic channel (Responses -> OpenAI chat -> Claude and back, issue 19 D). And Claude
// thinking on OpenAI channels whose mock refuses what real OpenAI refuses: reasoning_effort reaches
// o3 (with max_completion_tokens) but not gpt-4o, while a native OpenAI request is not touched. And
// converted requests the target vendor would refuse, refused in the client's dialect (convert-refusals.ts).
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { GoogleGenAI } from "@google/genai";
import { Agent, setGlobalDispatcher } from "undici";
import { startGateway, type Gateway } from "./gateway";
import { MOCK_TEXT, MOCK_TOOL_INPUT, MOCK_USAGE, startMockAnthropic, type MockAnthropic } from "./mock-anthropic";
import { GEMINI_USAGE, startMockGemini, type MockGemini } from "./mock-gemini";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { describeConversionRefusals } from "./convert-refusals";

let gw: Gateway;
let anth: MockAnthropic;
let gem: MockGemini;
let oai: MockUpstream;

const claude = (key: string) => new Anthropic({ apiKey: key, baseURL: gw.url, maxRetries: 0 });
const genai = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: gw.url } });

// Gemini leg: prompt 20 of which 8 cached, completion = candidates 10 + thoughts 5.
const GEMINI_QUOTA = Math.round(
  (GEMINI_USAGE.promptTokenCount -
    GEMINI_USAGE.cachedContentTokenCount +
    GEMINI_USAGE.cachedContentTokenCount * 0.25 +
    (GEMINI_USAGE.candidatesTokenCount + GEMINI_USAGE.thoughtsTokenCount) * 4) *
    2,
);
// Claude leg: input 20 + cache read 100 (x0.1) + cache creation 40 (x1.25), output 9 (x2).
const CLAUDE_QUOTA = Math.round(
  MOCK_USAGE.input_tokens +
    MOCK_USAGE.cache_read_input_tokens * 0.1 +
    MOCK_USAGE.cache_creation_input_tokens * 1.25 +
    MOCK_USAGE.output_tokens * 2,
);

beforeAll(async () => {
  // @google/genai dispatches through undici's global dispatcher, which jest's sandbox does not set up.
  setGlobalDispatcher(new Agent());
  [anth, gem, oai] = await Promise.all([startMockAnthropic(), startMockGemini(), startMockUpstream()]);
  gw = await startGateway();
  const opt = (key: string, value: unknown) => gw.api("PUT", "/api/option/", { key, value: JSON.stringify(value) });
  await opt("ModelRatio", { "gemini-2.5-flash": 2, "claude-x": 1, "fail-400": 1, "gpt-4o": 1, o3: 1 });
  await opt("CompletionRatio", { "gemini-2.5-flash": 4, "claude-x": 2 });
  await opt("CacheRatio", { "gemini-2.5-flash": 0.25, "claude-x": 0.1 });
  await gw.createChannel({ name: "gemini", type: 24, key: "g-key", base_url: gem.url, models: "gemini-2.5-flash" });
  await gw.createChannel({ name: "claude", type: 14, key: "a-key", base_url: anth.url, models: "claude-x,fail-400" });
  await gw.createChannel({ name: "openai", type: 1, key: "o-key", base_url: oai.url, models: "gpt-4o,o3" });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await Promise.all([anth?.close(), gem?.close(), oai?.close()]);
});

async function billed(tokenId: number): Promise<{ quota: number; remain: number }> {
  await gw.waitFor(
    async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", tokenId)).length === 1,
  );
  await gw.settle();
  const [log] = await gw.sql<{ quota: number }>("select quota from logs where tokenId = ? and type = 2", tokenId);
  const [row] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", tokenId);
  return { quota: Number(log!.quota), remain: Number(row!.remainQuota) };
}

describe("Anthropic SDK -> Gemini channel", () => {
  test("messages.create: converted both ways, billed from usageMetadata", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const msg = await claude(t.key).messages.create({
      model: "gemini-2.5-flash",
      max_tokens: 64,
      system: "be brief",
      messages: [{ role: "user", content: "hello" }],
    });
    const sent = gem.requests.at(-1)!;
    expect(sent.url).toMatch(/^\/v1beta\/models\/gemini-2\.5-flash:generateContent/);
    expect(sent.headers["x-goog-api-key"]).toBe("g-key");
    expect(sent.body.systemInstruction).toEqual({ parts: [{ text: "be brief" }] });
    expect(sent.body.contents).toEqual([{ role: "user", parts: [{ text: "hello" }] }]);
    expect((sent.body.generationConfig as { maxOutputTokens: number }).maxOutputTokens).toBe(64);
    const text = msg.content.filter((b) => b.type === "text").map((b) => (b as { text: string }).text);
    expect(text.join("")).toBe("Hello from Gemini.");
    expect(msg.usage.output_tokens).toBe(GEMINI_USAGE.candidatesTokenCount + GEMINI_USAGE.thoughtsTokenCount);
    expect(await billed(t.id)).toEqual({ quota: GEMINI_QUOTA, remain: 100_000 - GEMINI_QUOTA });
  });

  test("messages.stream: Claude events built from Gemini chunks, billed from the last chunk's usage", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const stream = claude(t.key).messages.stream({
      model: "gemini-2.5-flash",
      max_tokens: 64,
      messages: [{ role: "user", content: "hello" }],
    });
    let text = "";
    stream.on("text", (d) => (text += d));
    const final = await stream.finalMessage();
    expect(gem.requests.at(-1)!.url).toContain(":streamGenerateContent?alt=sse");
    expect(text).toBe("Hello from Gemini.");
    expect(final.stop_reason).toBe("end_turn");
    expect(await billed(t.id)).toEqual({ quota: GEMINI_QUOTA, remain: 100_000 - GEMINI_QUOTA });
  });
});

describe("@google/genai -> Anthropic channel", () => {
  test("generateContent: converted both ways, billed with cache read and creation tokens", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const r = await genai(t.key).models.generateContent({
      model: "claude-x",
      contents: "hello",
      config: { systemInstruction: "be brief", maxOutputTokens: 50 },
    });
    const sent = anth.requests.at(-1)!;
    expect(sent.headers["x-api-key"]).toBe("a-key");
    expect(sent.body.max_tokens).toBe(50);
    expect(JSON.stringify(sent.body.system)).toContain("be brief");
    expect(r.text).toBe(MOCK_TEXT);
    const prompt =
      MOCK_USAGE.input_tokens + MOCK_USAGE.cache_read_input_tokens + MOCK_USAGE.cache_creation_input_tokens;
    expect(r.usageMetadata).toMatchObject({
      promptTokenCount: prompt,
      candidatesTokenCount: MOCK_USAGE.output_tokens,
      cachedContentTokenCount: MOCK_USAGE.cache_read_input_tokens,
    });
    expect(await billed(t.id)).toEqual({ quota: CLAUDE_QUOTA, remain: 100_000 - CLAUDE_QUOTA });
  });

  test("generateContentStream: Gemini chunks built from Claude events", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const stream = await genai(t.key).models.generateContentStream({ model: "claude-x", contents: "hello" });
    let text = "";
    let last: { usageMetadata?: { promptTokenCount?: number } } | null = null;
    for await (const c of stream) {
      text += c.text ?? "";
      last = c;
    }
    expect(anth.requests.at(-1)!.body.stream).toBe(true);
    expect(text).toBe(MOCK_TEXT);
    expect(last?.usageMetadata?.promptTokenCount).toBe(
      MOCK_USAGE.input_tokens + MOCK_USAGE.cache_read_input_tokens + MOCK_USAGE.cache_creation_input_tokens,
    );
    expect(await billed(t.id)).toEqual({ quota: CLAUDE_QUOTA, remain: 100_000 - CLAUDE_QUOTA });
  });
});

describe("openai SDK Responses -> Anthropic channel", () => {
  const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const PROMPT = MOCK_USAGE.input_tokens + MOCK_USAGE.cache_read_input_tokens + MOCK_USAGE.cache_creation_input_tokens;
  const weather = {
    type: "function" as const,
    name: "get_weather",
    description: "weather",
    parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    strict: false,
  };

  test("responses.create: a tool call as a function_call item, billed with cache read and creation", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const r = await openai(t.key).responses.create({
      model: "claude-x",
      instructions: "be brief",
      input: "weather in Paris?",
      tools: [weather],
      tool_choice: "required",
      max_output_tokens: 300,
    });
    const sent = anth.requests.at(-1)!;
    expect(sent.path).toBe("/v1/messages");
    expect(sent.headers["x-api-key"]).toBe("a-key");
    expect(sent.body).toMatchObject({ max_tokens: 300, tool_choice: { type: "any" } });
    expect(JSON.stringify(sent.body.system)).toContain("be brief");
    expect(r.status).toBe("completed");
    const call = r.output.find((i) => i.type === "function_call");
    expect(call).toMatchObject({ name: "get_weather", call_id: "toolu_mock1" });
    expect(JSON.parse((call as { arguments: string }).arguments)).toEqual(MOCK_TOOL_INPUT);
    expect(r.usage).toMatchObject({
      input_tokens: PROMPT,
      output_tokens: MOCK_USAGE.output_tokens,
      input_tokens_details: { cached_tokens: MOCK_USAGE.cache_read_input_tokens },
    });
    expect(await billed(t.id)).toEqual({ quota: CLAUDE_QUOTA, remain: 100_000 - CLAUDE_QUOTA });
  });

  test("responses.stream: the result goes back as tool_result, text deltas, response.completed usage", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const stream = openai(t.key).responses.stream({
      model: "claude-x",
      input: [
        { role: "user", content: "weather in Paris?" },
        { type: "function_call", call_id: "toolu_mock1", name: "get_weather", arguments: '{"city":"Paris"}' },
        { type: "function_call_output", call_id: "toolu_mock1", output: "sunny" },
      ],
      tools: [weather],
    });
    let deltas = "";
    stream.on("response.output_text.delta", (e) => (deltas += e.delta));
    const final = await stream.finalResponse();
    const sent = anth.requests.at(-1)!;
    expect(sent.body.stream).toBe(true);
    const blocks = (sent.body.messages as { content: unknown }[]).flatMap((m) =>
      Array.isArray(m.content) ? (m.content as { type: string; tool_use_id?: string }[]) : [],
    );
    expect(blocks.find((b) => b.type === "tool_result")).toMatchObject({ tool_use_id: "toolu_mock1" });
    expect(deltas).toBe(MOCK_TEXT);
    expect(final.output_text).toBe(MOCK_TEXT);
    expect(final.usage).toMatchObject({ input_tokens: PROMPT, output_tokens: MOCK_USAGE.output_tokens });
    expect(await billed(t.id)).toEqual({ quota: CLAUDE_QUOTA, remain: 100_000 - CLAUDE_QUOTA });
  });

  test("an upstream error reaches the SDK in the Responses error shape", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const err = await openai(t.key)
      .responses.create({ model: "fail-400", input: "x" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(400);
    expect((err as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      message: expect.stringContaining("mock failure"),
    });
  });
});

describe("Claude thinking on OpenAI channels (converted)", () => {
  const ask = (key: string, model: string) =>
    claude(key).messages.create({
      model,
      max_tokens: 2000,
      thinking: { type: "enabled", budget_tokens: 1500 },
      messages: [{ role: "user", content: "hello" }],
    });

  test("gpt-4o gets no reasoning_effort; o3 gets it with max_completion_tokens; native is untouched", async () => {
    const t = await gw.createToken({ unlimited_quota: true });
    const plain = await ask(t.key, "gpt-4o");
    expect(plain.content[0]).toMatchObject({ type: "text", text: "This is a mock completion." });
    const toGpt4o = oai.requests.at(-1)!;
    expect(toGpt4o.path).toBe("/v1/chat/completions");
    expect(toGpt4o.body).toMatchObject({ model: "gpt-4o", max_tokens: 2000 });
    expect(toGpt4o.body).not.toHaveProperty("reasoning_effort");

    expect((await ask(t.key, "o3")).stop_reason).toBe("end_turn");
    const toO3 = oai.requests.at(-1)!.body;
    expect(toO3).toMatchObject({ model: "o3", reasoning_effort: "medium", max_completion_tokens: 2000 });
    expect(toO3).not.toHaveProperty("max_tokens");

    // The client's own OpenAI request keeps its fields, so the upstream's refusal reaches it.
    const native = await fetch(`${gw.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", reasoning_effort: "low", messages: [{ role: "user", content: "x" }] }),
    });
    expect(native.status).toBe(400);
    expect(oai.requests.at(-1)!.body.reasoning_effort).toBe("low");
    expect(JSON.stringify(await native.json())).toContain("Unrecognized request argument supplied: reasoning_effort");
  });
});

describeConversionRefusals(() => ({
  gw,
  sent: () => ({ claude: anth.requests.length, gemini: gem.requests.length, openai: oai.requests.length }),
  models: { claude: "claude-x", gemini: "gemini-2.5-flash", openai: "gpt-4o" },
}));
