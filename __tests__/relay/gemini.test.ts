// Gemini through the gateway with the official @google/genai SDK and the openai SDK: native to a
// Gemini-type channel (type 24, loopback mock-gemini.ts), converted to an OpenAI-type channel
// (mock-upstream.ts), OpenAI clients on a Gemini channel, errors in Gemini shape, exact billing from
// usageMetadata (cached and thinking tokens), channel test and model listing for type 24.
import { GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import OpenAI from "openai";
import { Agent, setGlobalDispatcher } from "undici";
import { startGateway, type Gateway } from "./gateway";
import { GEMINI_USAGE, startMockGemini, type MockGemini } from "./mock-gemini";
import { startMockUpstream, type MockUpstream } from "./mock-upstream";

let gw: Gateway;
let gm: MockGemini;
let up: MockUpstream;
let geminiChannel = 0;
const CHANNEL_KEY = "AIza-channel-secret";
const RATIO = { model: 2, completion: 4, cache: 0.25 };

const genai = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: gw.url } });
const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });

beforeAll(async () => {
  // @google/genai dispatches through undici's global dispatcher, which jest's sandbox does not set up.
  setGlobalDispatcher(new Agent());
  gm = await startMockGemini();
  up = await startMockUpstream();
  gw = await startGateway();
  const set = (key: string, value: unknown) => gw.api("PUT", "/api/option/", { key, value: JSON.stringify(value) });
  await set("ModelRatio", {
    "gemini-2.5-flash": RATIO.model,
    "gpt-mock": 1,
    "text-embedding-004": 0.1,
    "emb-openai": 0.1,
    "gemini-2.5-flash-thinking": 1,
    "gem-broken": 1,
  });
  await set("CompletionRatio", { "gemini-2.5-flash": RATIO.completion, "gpt-mock": 1 });
  await set("CacheRatio", { "gemini-2.5-flash": RATIO.cache });
  geminiChannel = await gw.createChannel({
    type: 24,
    name: "gemini",
    key: CHANNEL_KEY,
    base_url: gm.url,
    models: "gemini-2.5-flash,text-embedding-004",
  });
  await gw.createChannel({ type: 1, name: "openai", key: "sk-up", base_url: up.url, models: "gpt-mock,emb-openai" });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await gm?.close();
  await up?.close();
});

const lastGemini = () => gm.requests[gm.requests.length - 1]!;
const textOf = (r: GenerateContentResponse) =>
  (r.candidates?.[0]?.content?.parts ?? [])
    .filter((p) => !p.thought)
    .map((p) => p.text ?? "")
    .join("");

test("generateContent to a Gemini channel: native, key in x-goog-api-key only, version path", async () => {
  const t = await gw.createToken();
  const r = await genai(t.key).models.generateContent({
    model: "gemini-2.5-flash",
    contents: "Hello?",
    config: { systemInstruction: "Be brief.", maxOutputTokens: 100 },
  });
  expect(r.text).toBe("Hello from Gemini.");
  expect(r.usageMetadata?.cachedContentTokenCount).toBe(8);
  const q = lastGemini();
  expect(q.url).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
  expect(q.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);
  expect(q.url).not.toContain("key=");
  expect(JSON.stringify(q.headers)).not.toContain(t.key.replace(/^sk-/, ""));
  expect(q.body.systemInstruction).toEqual({ parts: [{ text: "Be brief." }], role: "user" });
  expect((q.body.safetySettings as unknown[]).length).toBe(5);
});

test("gemini.version_settings picks the upstream API version", async () => {
  await gw.api("PUT", "/api/option/", {
    key: "gemini.version_settings",
    value: JSON.stringify({ default: "v1beta", "gemini-2.5-flash": "v1" }),
  });
  try {
    const t = await gw.createToken();
    await genai(t.key).models.generateContent({ model: "gemini-2.5-flash", contents: "x" });
    expect(lastGemini().url).toBe("/v1/models/gemini-2.5-flash:generateContent");
  } finally {
    await gw.api("PUT", "/api/option/", {
      key: "gemini.version_settings",
      value: JSON.stringify({ default: "v1beta" }),
    });
  }
});

test("generateContentStream to a Gemini channel: chunks forwarded, usage in the last one", async () => {
  const t = await gw.createToken();
  const stream = await genai(t.key).models.generateContentStream({ model: "gemini-2.5-flash", contents: "Hi" });
  let text = "";
  let last: GenerateContentResponse | null = null;
  let n = 0;
  for await (const c of stream) {
    text += c.text ?? "";
    last = c;
    n++;
  }
  expect(n).toBe(3);
  expect(text).toBe("Hello from Gemini.");
  expect(last?.usageMetadata?.thoughtsTokenCount).toBe(5);
  const q = lastGemini();
  expect(q.url).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
  expect(q.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);
});

test("@google/genai to an OpenAI-type channel (converted), plain and streamed", async () => {
  const t = await gw.createToken();
  const r = await genai(t.key).models.generateContent({
    model: "gpt-mock",
    contents: "Hello?",
    config: { systemInstruction: "SYS", maxOutputTokens: 20 },
  });
  expect(r.text).toBe("This is a mock completion.");
  expect(r.candidates?.[0]?.finishReason).toBe("STOP");
  expect(r.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 11, totalTokenCount: 23 });
  const sent = up.requests[up.requests.length - 1]!;
  expect(sent.path).toBe("/v1/chat/completions");
  expect(sent.body.messages).toEqual([
    { role: "system", content: "SYS" },
    { role: "user", content: "Hello?" },
  ]);
  expect(sent.body.max_tokens).toBe(20);

  const stream = await genai(t.key).models.generateContentStream({ model: "gpt-mock", contents: "Hi" });
  let text = "";
  let last: GenerateContentResponse | null = null;
  for await (const c of stream) {
    text += textOf(c);
    last = c;
  }
  expect(text).toBe("word0 word1 word2 word3 word4 ");
  expect(last?.candidates?.[0]?.finishReason).toBe("STOP");
  expect(last?.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 11 });
  expect(up.requests[up.requests.length - 1]!.body.stream).toBe(true);
});

test("function calling round trip through a Gemini channel", async () => {
  const t = await gw.createToken();
  const ai = genai(t.key);
  const tools = [
    {
      functionDeclarations: [
        {
          name: "weather",
          description: "weather of a city",
          parametersJsonSchema: {
            $schema: "http://json-schema.org/draft-07/schema#",
            type: "object",
            properties: { city: { type: "string" } },
            additionalProperties: false,
          },
        },
      ],
    },
  ];
  const first = await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: "Weather in Paris?",
    config: { tools },
  });
  expect(first.functionCalls?.[0]).toMatchObject({ name: "weather", args: { city: "Paris" } });
  const second = await ai.models.generateContent({
    model: "gemini-2.5-flash",
    contents: [
      { role: "user", parts: [{ text: "Weather in Paris?" }] },
      { role: "model", parts: [{ functionCall: { name: "weather", args: { city: "Paris" } } }] },
      { role: "user", parts: [{ functionResponse: { name: "weather", response: { temp: 20 } } }] },
    ],
    config: { tools },
  });
  expect(second.text).toBe("Hello from Gemini.");
});

test("openai SDK chat to a Gemini channel: converted, tool calls, stream with usage", async () => {
  const t = await gw.createToken();
  const r = await openai(t.key).chat.completions.create({
    model: "gemini-2.5-flash",
    messages: [
      { role: "system", content: "S" },
      { role: "user", content: "Hi" },
    ],
    max_tokens: 50,
    stop: ["END"],
    tools: [
      {
        type: "function",
        function: {
          name: "weather",
          parameters: {
            $schema: "x",
            type: "object",
            properties: { city: { type: "string", format: "uri" } },
            additionalProperties: false,
          },
        },
      },
    ],
  });
  expect(r.choices[0]?.finish_reason).toBe("tool_calls");
  expect(r.choices[0]?.message.tool_calls?.[0]).toMatchObject({
    type: "function",
    function: { name: "weather", arguments: '{"city":"Paris"}' },
  });
  expect(r.usage).toMatchObject({
    prompt_tokens: 20,
    completion_tokens: 15,
    prompt_tokens_details: { cached_tokens: 8 },
  });
  const q = lastGemini();
  expect(q.url).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
  expect(q.body.systemInstruction).toEqual({ parts: [{ text: "S" }] });
  expect(q.body.generationConfig).toMatchObject({ maxOutputTokens: 50, stopSequences: ["END"] });
  expect(JSON.stringify(q.body.tools)).not.toMatch(/\$schema|additionalProperties|"uri"/);

  const plain = await openai(t.key).chat.completions.create({
    model: "gemini-2.5-flash",
    messages: [{ role: "user", content: "Hi" }],
  });
  expect(plain.choices[0]?.message.content).toBe("Hello from Gemini.");
  expect((plain.choices[0]?.message as unknown as { reasoning_content?: string }).reasoning_content).toBe(
    "Thinking about it.",
  );

  const stream = await openai(t.key).chat.completions.create({
    model: "gemini-2.5-flash",
    messages: [{ role: "user", content: "Hi" }],
    stream: true,
    stream_options: { include_usage: true },
  });
  let text = "";
  let usage: OpenAI.CompletionUsage | null | undefined;
  for await (const c of stream) {
    text += c.choices[0]?.delta.content ?? "";
    if (c.usage) usage = c.usage;
  }
  expect(text).toBe("Hello from Gemini.");
  expect(usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 15 });
});

test("embeddings: openai SDK to a Gemini channel, @google/genai embedContent natively and converted", async () => {
  const t = await gw.createToken();
  const e = await openai(t.key).embeddings.create({ model: "text-embedding-004", input: ["a", "b"] });
  expect(e.data.map((d) => Array.from(d.embedding))).toEqual([
    [0, 0.5, 0.25],
    [1, 0.5, 0.25],
  ]);
  const q = lastGemini();
  expect(q.url).toBe("/v1beta/models/text-embedding-004:batchEmbedContents");
  expect(q.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);

  const native = await genai(t.key).models.embedContent({ model: "text-embedding-004", contents: ["x", "y"] });
  expect(native.embeddings?.map((v) => v.values)).toEqual([
    [0, 0.5, 0.25],
    [1, 0.5, 0.25],
  ]);
  const converted = await genai(t.key).models.embedContent({ model: "emb-openai", contents: "x" });
  expect(converted.embeddings?.[0]?.values).toEqual([0.1, 0.2, 0.3]);
});

test("errors are Gemini-shaped: bad key, bad body, unknown model", async () => {
  const bad = await fetch(`${gw.url}/v1beta/models/gemini-2.5-flash:generateContent?key=sk-nope`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }] }),
  });
  expect(bad.status).toBe(401);
  expect(((await bad.json()) as { error: { code: number; status: string } }).error).toMatchObject({
    code: 401,
    status: "UNAUTHENTICATED",
  });
  const t = await gw.createToken();
  const body = await fetch(`${gw.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": t.key },
    body: JSON.stringify({ contents: "nope" }),
  });
  expect(body.status).toBe(400);
  expect(((await body.json()) as { error: { status: string } }).error.status).toBe("INVALID_ARGUMENT");
  await expect(genai(t.key).models.generateContent({ model: "no-such-model", contents: "x" })).rejects.toThrow();
});

test("GET /v1beta/models (Gemini list) and /v1beta/openai/models (OpenAI list)", async () => {
  const t = await gw.createToken();
  const g = await fetch(`${gw.url}/v1beta/models?key=${t.key}`);
  const gj = (await g.json()) as { models: { name: string }[]; nextPageToken: null };
  expect(gj.models.map((m) => m.name)).toContain("models/gemini-2.5-flash");
  expect(gj.nextPageToken).toBeNull();
  const o = await fetch(`${gw.url}/v1beta/openai/models`, { headers: { authorization: `Bearer ${t.key}` } });
  const oj = (await o.json()) as { object: string; data: { id: string }[] };
  expect(oj.object).toBe("list");
  expect(oj.data.map((m) => m.id)).toContain("gemini-2.5-flash");
});

async function billedExactly(run: (key: string) => Promise<void>) {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: 1_000_000 });
  await run(t.key);
  await gw.waitFor(async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", t.id)).length === 1);
  await gw.settle();
  const [log] = await gw.sql<{ quota: number; promptTokens: number; completionTokens: number }>(
    "select quota, promptTokens, completionTokens from logs where tokenId = ? and type = 2",
    t.id,
  );
  const u = GEMINI_USAGE;
  const expected = Math.round(
    (u.promptTokenCount -
      u.cachedContentTokenCount +
      u.cachedContentTokenCount * RATIO.cache +
      (u.candidatesTokenCount + u.thoughtsTokenCount) * RATIO.completion) *
      RATIO.model *
      1,
  );
  expect(log!.quota).toBe(expected);
  expect(log!.promptTokens).toBe(20);
  expect(log!.completionTokens).toBe(15);
  const [tok] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", t.id);
  expect(tok!.remainQuota).toBe(1_000_000 - expected);
}

test("billing is exact from usageMetadata (cached and thinking tokens), non-stream and stream", async () => {
  await billedExactly(async (key) => {
    await genai(key).models.generateContent({ model: "gemini-2.5-flash", contents: "x" });
  });
  await billedExactly(async (key) => {
    for await (const c of await genai(key).models.generateContentStream({ model: "gemini-2.5-flash", contents: "x" }))
      void c;
  });
  await billedExactly(async (key) => {
    await openai(key).chat.completions.create({
      model: "gemini-2.5-flash",
      messages: [{ role: "user", content: "x" }],
    });
  });
});

test("thinking adapter: -thinking suffix stripped from the upstream model, budget from the percentage", async () => {
  await gw.api("PUT", "/api/option/", { key: "gemini.thinking_adapter_enabled", value: "true" });
  await gw.api("PUT", "/api/option/", { key: "gemini.thinking_adapter_budget_tokens_percentage", value: "0.5" });
  try {
    await gw.createChannel({
      type: 24,
      name: "thinking",
      key: CHANNEL_KEY,
      base_url: gm.url,
      models: "gemini-2.5-flash-thinking",
    });
    const t = await gw.createToken();
    await openai(t.key).chat.completions.create({
      model: "gemini-2.5-flash-thinking",
      messages: [{ role: "user", content: "x" }],
      max_tokens: 1000,
    });
    const q = lastGemini();
    expect(q.url).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect((q.body.generationConfig as { thinkingConfig: unknown }).thinkingConfig).toEqual({
      thinkingBudget: 500,
      includeThoughts: true,
    });
  } finally {
    await gw.api("PUT", "/api/option/", { key: "gemini.thinking_adapter_enabled", value: "false" });
  }
});

test("an upstream Gemini error reaches a Gemini client in Gemini shape", async () => {
  await gw.createChannel({
    type: 24,
    name: "broken",
    key: CHANNEL_KEY,
    base_url: gm.url,
    models: "gem-broken",
    model_mapping: JSON.stringify({ "gem-broken": "fail-429" }),
  });
  const t = await gw.createToken();
  const r = await fetch(`${gw.url}/v1beta/models/gem-broken:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": t.key },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }] }),
  });
  expect(r.status).toBe(429);
  const body = (await r.json()) as { error: { code: number; status: string; message: string } };
  expect(body.error).toMatchObject({ code: 429, status: "RESOURCE_EXHAUSTED" });
  expect(body.error.message).not.toContain(CHANNEL_KEY);
});

test("channel test and fetch_models for a type-24 channel against the mock", async () => {
  const r = (await (await gw.raw("GET", `/api/channel/test/${geminiChannel}?model=gemini-2.5-flash`)).json()) as {
    success: boolean;
  };
  expect(r.success).toBe(true);
  const q = lastGemini();
  expect(q.url).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
  expect(q.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);
  expect(q.body.contents).toEqual([{ role: "user", parts: [{ text: "hi" }] }]);

  const m = await gw.api<string[]>("GET", `/api/channel/fetch_models/${geminiChannel}`);
  expect(m.json.success).toBe(true);
  expect(m.json.data).toEqual(["gemini-2.5-flash", "text-embedding-004"]);
  const listing = lastGemini();
  expect(listing.method).toBe("GET");
  expect(listing.url.startsWith("/v1beta/models")).toBe(true);
  expect(listing.url).not.toContain("key=");
  expect(listing.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);

  const b = await gw.api("GET", `/api/channel/update_balance/${geminiChannel}`);
  expect(b.json.success).toBe(false);
  expect(b.json.message.length).toBeGreaterThan(0);
});
