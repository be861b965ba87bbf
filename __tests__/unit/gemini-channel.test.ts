// OpenAI -> Gemini requests (a Gemini channel) and Gemini -> OpenAI answers, usage, adapter URL.
import { geminiAdapter } from "@/lib/server/relay/adapters/gemini";
import type { AdapterContext } from "@/lib/server/relay/adapters/types";
import type { CachedChannel } from "@/lib/server/relay/cache/channel-cache";
import { RelayError } from "@/lib/server/relay/errors";
import { geminiFormat as g } from "@/lib/server/relay/formats/gemini";
import type { ConvertOptions, Json } from "@/lib/server/relay/formats/types";

const opts = (patch: Partial<ConvertOptions> = {}, options: Record<string, string> = {}): ConvertOptions => ({
  mode: "chat",
  upstreamModel: "gemini-2.5-flash",
  stream: false,
  options: new Map(Object.entries(options)),
  ...patch,
});

test("messages: system/developer -> systemInstruction, assistant -> model, tools results -> functionResponse", () => {
  const out = g.fromOpenAIRequest(
    {
      model: "x",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "developer", content: [{ type: "text", text: "Use metric." }] },
        { role: "user", content: "Weather in Paris and Rome?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } },
            { id: "c2", type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: '{"temp":20}' },
        { role: "tool", tool_call_id: "c2", content: "sunny" },
        { role: "assistant", content: "Paris 20, Rome sunny." },
      ],
    },
    opts(),
  );
  expect(out.systemInstruction).toEqual({ parts: [{ text: "Be brief.\nUse metric." }] });
  expect(out.contents).toEqual([
    { role: "user", parts: [{ text: "Weather in Paris and Rome?" }] },
    {
      role: "model",
      parts: [
        { functionCall: { name: "weather", args: { city: "Paris" } } },
        { functionCall: { name: "weather", args: { city: "Rome" } } },
      ],
    },
    {
      role: "user",
      parts: [
        { functionResponse: { name: "weather", response: { temp: 20 } } },
        { functionResponse: { name: "weather", response: { output: "sunny" } } },
      ],
    },
    { role: "model", parts: [{ text: "Paris 20, Rome sunny." }] },
  ]);
  expect(out).not.toHaveProperty("model");
});

test("generation config, stop, response format, tool choice", () => {
  const out = g.fromOpenAIRequest(
    {
      messages: [{ role: "user", content: "hi" }],
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 100,
      stop: "END",
      seed: 7,
      response_format: { type: "json_object" },
      tools: [
        {
          type: "function",
          function: { name: "f", parameters: { type: "object", properties: { a: { type: "string" } } } },
        },
      ],
      tool_choice: { type: "function", function: { name: "f" } },
    },
    opts(),
  );
  expect(out.generationConfig).toEqual({
    temperature: 0.3,
    topP: 0.9,
    maxOutputTokens: 100,
    stopSequences: ["END"],
    seed: 7,
    responseMimeType: "application/json",
  });
  expect(out.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["f"] } });
  const stops = g.fromOpenAIRequest({ messages: [{ role: "user", content: "x" }], stop: ["a", "b"] }, opts());
  expect((stops.generationConfig as Json).stopSequences).toEqual(["a", "b"]);
  const none = g.fromOpenAIRequest(
    {
      messages: [{ role: "user", content: "x" }],
      tools: [{ type: "function", function: { name: "f" } }],
      tool_choice: "none",
    },
    opts(),
  );
  expect(none.toolConfig).toEqual({ functionCallingConfig: { mode: "NONE" } });
  expect(none.tools).toEqual([{ functionDeclarations: [{ name: "f" }] }]);
});

test("tool schemas are cleaned of keywords Gemini rejects", () => {
  const out = g.fromOpenAIRequest(
    {
      messages: [{ role: "user", content: "x" }],
      tools: [
        {
          type: "function",
          function: {
            name: "lookup",
            description: "d",
            parameters: {
              $schema: "http://json-schema.org/draft-07/schema#",
              type: "object",
              additionalProperties: false,
              properties: {
                url: { type: "string", format: "uri", $comment: "c" },
                when: { type: "string", format: "date-time" },
                tags: { type: "array", items: { type: "string", additionalProperties: false }, uniqueItems: true },
                kind: { const: "a" },
                maybe: { type: ["string", "null"] },
                nested: {
                  type: "object",
                  properties: { x: { type: "number", exclusiveMinimum: 0 } },
                  additionalProperties: {},
                },
              },
              required: ["url", "ghost"],
              $defs: { a: {} },
            },
          },
        },
      ],
    },
    opts(),
  );
  const decl = ((out.tools as Json[])[0]!.functionDeclarations as Json[])[0]!;
  expect(decl).toEqual({
    name: "lookup",
    description: "d",
    parameters: {
      type: "object",
      properties: {
        url: { type: "string" },
        when: { type: "string", format: "date-time" },
        tags: { type: "array", items: { type: "string" } },
        kind: { enum: ["a"] },
        maybe: { type: "string", nullable: true },
        nested: { type: "object", properties: { x: { type: "number" } } },
      },
      required: ["url"],
    },
  });
  expect(JSON.stringify(out)).not.toMatch(/\$schema|additionalProperties|\$defs|uniqueItems|exclusiveMinimum/);
});

test("images: data: URLs -> inlineData; remote URLs refused with a 400 (never fetched)", () => {
  const out = g.fromOpenAIRequest(
    {
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "what is it" },
            { type: "image_url", image_url: { url: "data:image/jpeg;base64,QUJD" } },
          ],
        },
      ],
    },
    opts(),
  );
  expect((out.contents as Json[])[0]).toEqual({
    role: "user",
    parts: [{ text: "what is it" }, { inlineData: { mimeType: "image/jpeg", data: "QUJD" } }],
  });
  let err: unknown;
  try {
    g.fromOpenAIRequest(
      {
        messages: [
          { role: "user", content: [{ type: "image_url", image_url: { url: "http://169.254.169.254/x.png" } }] },
        ],
      },
      opts(),
    );
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(RelayError);
  expect((err as RelayError).status).toBe(400);
  expect((err as RelayError).code).toBe("image_url_not_supported");
});

test("safety settings: every category with the default threshold, per-category override", () => {
  const plain = g.fromOpenAIRequest({ messages: [{ role: "user", content: "x" }] }, opts());
  const s = plain.safetySettings as { category: string; threshold: string }[];
  expect(s.length).toBe(5);
  expect(s.every((x) => x.category.startsWith("HARM_CATEGORY_") && x.threshold === "OFF")).toBe(true);
  const custom = g.fromOpenAIRequest(
    { messages: [{ role: "user", content: "x" }] },
    opts(
      {},
      {
        "gemini.safety_settings": JSON.stringify({
          default: "BLOCK_NONE",
          HARM_CATEGORY_HATE_SPEECH: "BLOCK_LOW_AND_ABOVE",
        }),
      },
    ),
  );
  const c = custom.safetySettings as { category: string; threshold: string }[];
  expect(c.find((x) => x.category === "HARM_CATEGORY_HATE_SPEECH")!.threshold).toBe("BLOCK_LOW_AND_ABOVE");
  expect(c.find((x) => x.category === "HARM_CATEGORY_HARASSMENT")!.threshold).toBe("BLOCK_NONE");
});

test("thinking suffixes and reasoning_effort -> thinkingConfig; suffix stripped from the upstream model", () => {
  const on = { "gemini.thinking_adapter_enabled": "true", "gemini.thinking_adapter_budget_tokens_percentage": "0.5" };
  const cfg = (model: string, body: Json = {}, options: Record<string, string> = on) =>
    (
      g.fromOpenAIRequest(
        { messages: [{ role: "user", content: "x" }], ...body },
        opts({ upstreamModel: model }, options),
      ).generationConfig as Json | undefined
    )?.thinkingConfig;
  expect(cfg("gemini-2.5-flash-thinking", { max_tokens: 1000 })).toEqual({
    thinkingBudget: 500,
    includeThoughts: true,
  });
  expect(cfg("gemini-2.5-flash-thinking")).toEqual({ thinkingBudget: -1, includeThoughts: true });
  expect(cfg("gemini-2.5-flash-nothinking")).toEqual({ thinkingBudget: 0 });
  expect(cfg("gemini-2.5-flash-thinking-2048")).toEqual({ thinkingBudget: 2048, includeThoughts: true });
  expect(cfg("gemini-2.5-flash-thinking", {}, {})).toBeUndefined(); // adapter disabled
  expect(cfg("gemini-2.5-flash", { reasoning_effort: "low" }, {})).toEqual({
    thinkingBudget: 1024,
    includeThoughts: true,
  });
  expect(cfg("gemini-2.5-flash", { reasoning_effort: "high" }, {})).toEqual({
    thinkingBudget: 24576,
    includeThoughts: true,
  });
  expect(cfg("gemini-2.5-flash", { reasoning_effort: "minimal" }, {})).toEqual({ thinkingBudget: 0 });

  const ctx = (
    model: string,
    options: Record<string, string>,
    patch: Partial<AdapterContext> = {},
  ): AdapterContext => ({
    channel: { baseUrl: "http://up.example/", other: "" } as unknown as CachedChannel,
    key: "AIza-secret",
    mode: "chat",
    path: "/v1beta/models/x:generateContent",
    upstreamModel: model,
    stream: false,
    options: new Map(Object.entries(options)),
    ...patch,
  });
  expect(geminiAdapter.buildRequest(ctx("gemini-2.5-flash-thinking-128", on), {}).url).toBe(
    "http://up.example/v1beta/models/gemini-2.5-flash:generateContent",
  );
  expect(geminiAdapter.buildRequest(ctx("gemini-2.5-flash-thinking", {}), {}).url).toBe(
    "http://up.example/v1beta/models/gemini-2.5-flash-thinking:generateContent",
  );
});

test("adapter: version settings, verbs, key only in the header", () => {
  const versions = { "gemini.version_settings": JSON.stringify({ default: "v1beta", "gemini-1.0-pro": "v1" }) };
  const ctx = (model: string, patch: Partial<AdapterContext> = {}): AdapterContext => ({
    channel: { baseUrl: "", other: "" } as unknown as CachedChannel,
    key: "AIza-secret",
    mode: "chat",
    path: "/v1/chat/completions",
    upstreamModel: model,
    stream: false,
    options: new Map(Object.entries(versions)),
    ...patch,
  });
  const base = "https://generativelanguage.googleapis.com";
  const r = geminiAdapter.buildRequest(ctx("gemini-1.0-pro"), {});
  expect(r.url).toBe(`${base}/v1/models/gemini-1.0-pro:generateContent`);
  expect(r.headers["x-goog-api-key"]).toBe("AIza-secret");
  expect(r.url).not.toContain("AIza");
  expect(geminiAdapter.buildRequest(ctx("gemini-2.5-pro", { stream: true }), {}).url).toBe(
    `${base}/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse`,
  );
  expect(geminiAdapter.buildRequest(ctx("text-embedding-004", { mode: "embeddings" }), { content: {} }).url).toBe(
    `${base}/v1beta/models/text-embedding-004:embedContent`,
  );
  expect(geminiAdapter.buildRequest(ctx("text-embedding-004", { mode: "embeddings" }), { requests: [] }).url).toBe(
    `${base}/v1beta/models/text-embedding-004:batchEmbedContents`,
  );
});

test("embeddings: OpenAI input -> batchEmbedContents; answers back", () => {
  const o = opts({ mode: "embeddings", upstreamModel: "text-embedding-004" });
  expect(g.fromOpenAIRequest({ model: "e", input: ["a", "b"], dimensions: 8 }, o)).toEqual({
    requests: [
      { model: "models/text-embedding-004", content: { parts: [{ text: "a" }] }, outputDimensionality: 8 },
      { model: "models/text-embedding-004", content: { parts: [{ text: "b" }] }, outputDimensionality: 8 },
    ],
  });
  expect(g.fromOpenAIRequest({ input: "solo" }, o)).toEqual({
    requests: [{ model: "models/text-embedding-004", content: { parts: [{ text: "solo" }] } }],
  });
  const res = g.toOpenAIResponse({ embeddings: [{ values: [1] }, { values: [2] }] }, o);
  expect(res.data).toEqual([
    { object: "embedding", embedding: [1], index: 0 },
    { object: "embedding", embedding: [2], index: 1 },
  ]);
  expect(g.toOpenAIResponse({ embedding: { values: [3] } }, o).data).toEqual([
    { object: "embedding", embedding: [3], index: 0 },
  ]);
});

test("Gemini answer -> OpenAI: text, thoughts -> reasoning_content, functionCall -> tool_calls, finish, usage", () => {
  const usageMetadata = {
    promptTokenCount: 20,
    candidatesTokenCount: 10,
    thoughtsTokenCount: 5,
    cachedContentTokenCount: 8,
  };
  const json = {
    candidates: [
      {
        content: { role: "model", parts: [{ text: "hmm", thought: true }, { text: "Hi" }] },
        finishReason: "MAX_TOKENS",
        index: 0,
      },
    ],
    usageMetadata,
  };
  const out = g.toOpenAIResponse(json, opts());
  const choice = (out.choices as Json[])[0]!;
  expect(choice.message).toEqual({ role: "assistant", content: "Hi", reasoning_content: "hmm" });
  expect(choice.finish_reason).toBe("length");
  expect(out.usage).toEqual({
    prompt_tokens: 20,
    completion_tokens: 15,
    total_tokens: 35,
    prompt_tokens_details: { cached_tokens: 8 },
  });
  expect(g.usageOf(json)).toEqual({ promptTokens: 20, completionTokens: 15, cachedTokens: 8 });
  expect(g.responseText(json)).toBe("Hihmm");

  const call = g.toOpenAIResponse(
    { candidates: [{ content: { parts: [{ functionCall: { name: "f", args: { a: 1 } } }] }, finishReason: "STOP" }] },
    opts(),
  );
  const c = (call.choices as Json[])[0]!;
  expect(c.finish_reason).toBe("tool_calls");
  const msg = c.message as { content: unknown; tool_calls: { type: string; function: Json }[] };
  expect(msg.content).toBeNull();
  expect(msg.tool_calls[0]!.function).toEqual({ name: "f", arguments: '{"a":1}' });
  expect(
    g.toOpenAIResponse({ candidates: [{ content: { parts: [{ text: "" }] }, finishReason: "SAFETY" }] }, opts())
      .choices,
  ).toMatchObject([{ finish_reason: "content_filter" }]);
});

test("stream: Gemini chunks -> OpenAI chunks; native tap forwards verbatim and reads usage", () => {
  const s = g.streamToOpenAI({ ...opts({ stream: true }), requestId: "r1" });
  const ev = (o: unknown) => ({ data: JSON.stringify(o) });
  const a = s.push(ev({ candidates: [{ content: { parts: [{ text: "Hel" }] }, index: 0 }] }));
  expect(a).toEqual([
    expect.objectContaining({
      object: "chat.completion.chunk",
      choices: [{ index: 0, delta: { role: "assistant", content: "Hel" }, finish_reason: null }],
    }),
  ]);
  const b = s.push(
    ev({
      candidates: [
        {
          content: { parts: [{ text: "lo" }, { functionCall: { name: "f", args: {} } }] },
          finishReason: "STOP",
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, thoughtsTokenCount: 1 },
    }),
  );
  expect(b[0]!.choices).toEqual([
    {
      index: 0,
      delta: {
        content: "lo",
        tool_calls: [{ index: 0, id: "call_r1_0", type: "function", function: { name: "f", arguments: "{}" } }],
      },
      finish_reason: "tool_calls",
    },
  ]);
  expect(s.usage()).toEqual({ promptTokens: 3, completionTokens: 3, cachedTokens: 0 });

  const tap = g.nativeStream(opts({ stream: true }));
  const raw = JSON.stringify({
    candidates: [{ content: { parts: [{ text: "x" }] } }],
    usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 1 },
  });
  expect(tap.push({ data: raw })).toEqual([`data: ${raw}\n\n`]);
  expect(tap.text()).toBe("x");
  expect(tap.usage()).toEqual({ promptTokens: 4, completionTokens: 1, cachedTokens: 0 });
  expect(tap.end({ promptTokens: 4, completionTokens: 1, cachedTokens: 0 })).toEqual([]);
});

test("prepareNative: mapped model for embeddings, safety settings and thinking budget added for chat", () => {
  const o = opts({ mode: "embeddings", upstreamModel: "text-embedding-004" });
  expect(g.prepareNative({ requests: [{ model: "models/alias", content: { parts: [] } }] }, o)).toEqual({
    requests: [{ model: "models/text-embedding-004", content: { parts: [] } }],
  });
  const chat = g.prepareNative(
    { contents: [{ role: "user", parts: [{ text: "x" }] }], generationConfig: { maxOutputTokens: 100 } },
    opts({ upstreamModel: "gemini-2.5-flash-thinking" }, { "gemini.thinking_adapter_enabled": "true" }),
  );
  expect((chat.generationConfig as Json).thinkingConfig).toEqual({ thinkingBudget: 60, includeThoughts: true });
  expect((chat.safetySettings as unknown[]).length).toBe(5);
  const own = g.prepareNative(
    { contents: [], safetySettings: [{ category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_NONE" }] },
    opts(),
  );
  expect((own.safetySettings as unknown[]).length).toBe(1);
});
