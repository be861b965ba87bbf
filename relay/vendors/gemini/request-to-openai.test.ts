// Gemini client requests -> OpenAI (a Gemini SDK on a non-Gemini channel) and OpenAI answers back.
import { RelayError } from "@/relay/kernel/errors";
import { geminiFormat as g } from "@/relay/vendors/gemini/format";
import type { ConvertOptions, Json } from "@/relay/kernel/format";
import { convertOptionsFor } from "@/test-support/unit/convert-options";
import { GEMINI_PATH } from "@/relay/endpoints/gemini";

const opts = convertOptionsFor("gpt-4o");
const out = (patch: Partial<ConvertOptions> = {}) => ({ ...opts(patch), requestId: "rid", clientModel: "gemini-x" });

const invalid = (body: Json, mode: "chat" | "embeddings" = "chat") => {
  try {
    g.inspect(body, mode);
  } catch (e) {
    return (e as RelayError).status;
  }
  return 0;
};

test("inspect validates the body and reads the facts", () => {
  expect(invalid({})).toBe(400);
  expect(invalid({ contents: [] })).toBe(400);
  expect(invalid({ contents: [{ role: "user" }] })).toBe(400);
  expect(invalid({ contents: [{ role: "assistant", parts: [] }] })).toBe(400);
  expect(invalid({ contents: [{ parts: [{ text: "x" }] }], generationConfig: { maxOutputTokens: -1 } })).toBe(400);
  expect(invalid({}, "embeddings")).toBe(400);
  const facts = g.inspect(
    {
      systemInstruction: { parts: [{ text: "SYS" }] },
      contents: [{ role: "user", parts: [{ text: "hello world" }] }],
      generationConfig: { maxOutputTokens: 77 },
    },
    "chat",
  );
  expect(facts.maxTokens).toBe(77);
  expect(facts.promptText).toContain("SYS");
  expect(facts.promptText).toContain("hello world");
  expect(facts.promptTokens).toBeGreaterThan(0);
  expect(g.inspect({ content: { parts: [{ text: "embed me" }] } }, "embeddings").promptText).toBe("embed me");
});

test("Gemini request -> OpenAI chat: roles, system, images, function calls and responses, tools, config", () => {
  const r = g.toOpenAIRequest(
    {
      systemInstruction: { parts: [{ text: "Be brief." }] },
      contents: [
        {
          role: "user",
          parts: [{ text: "Weather?" }, { inlineData: { mimeType: "image/png", data: "QUJD" } }],
        },
        { role: "model", parts: [{ functionCall: { name: "weather", args: { city: "Paris" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "weather", response: { temp: 20 } } }] },
        { role: "model", parts: [{ text: "20 degrees" }] },
      ],
      tools: [
        {
          functionDeclarations: [
            {
              name: "weather",
              description: "d",
              parameters: { type: "OBJECT", properties: { city: { type: "STRING" } }, required: ["city"] },
            },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: "ANY" } },
      generationConfig: {
        temperature: 0.2,
        topP: 0.8,
        maxOutputTokens: 50,
        stopSequences: ["X"],
        responseMimeType: "application/json",
      },
    },
    opts({ stream: true }),
  );
  expect(r.model).toBe("gpt-4o");
  expect(r.stream).toBe(true);
  expect(r.messages).toEqual([
    { role: "system", content: "Be brief." },
    {
      role: "user",
      content: [
        { type: "text", text: "Weather?" },
        { type: "image_url", image_url: { url: "data:image/png;base64,QUJD" } },
      ],
    },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_0", type: "function", function: { name: "weather", arguments: '{"city":"Paris"}' } }],
    },
    { role: "tool", tool_call_id: "call_0", content: '{"temp":20}' },
    { role: "assistant", content: "20 degrees" },
  ]);
  expect(r.tools).toEqual([
    {
      type: "function",
      function: {
        name: "weather",
        description: "d",
        parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      },
    },
  ]);
  expect(r.tool_choice).toBe("required");
  expect(r).toMatchObject({ temperature: 0.2, top_p: 0.8, max_tokens: 50, stop: ["X"] });
  expect(r.response_format).toEqual({ type: "json_object" });
});

test("Gemini embeddings -> OpenAI input; OpenAI vectors back in the verb's shape", () => {
  const e = opts({ mode: "embeddings", upstreamModel: "text-embedding-3-small" });
  expect(g.toOpenAIRequest({ content: { parts: [{ text: "one" }] }, outputDimensionality: 4 }, e)).toEqual({
    model: "text-embedding-3-small",
    input: "one",
    dimensions: 4,
  });
  expect(
    g.toOpenAIRequest(
      { requests: [{ content: { parts: [{ text: "a" }] } }, { content: { parts: [{ text: "b" }] } }] },
      e,
    ),
  ).toEqual({ model: "text-embedding-3-small", input: ["a", "b"] });
  const data = {
    data: [
      { index: 1, embedding: [2] },
      { index: 0, embedding: [1] },
    ],
  };
  expect(
    g.fromOpenAIResponse(data, { ...out({ mode: "embeddings" }), path: "/v1beta/models/m:batchEmbedContents" }),
  ).toEqual({
    embeddings: [{ values: [1] }, { values: [2] }],
  });
  expect(g.fromOpenAIResponse(data, { ...out({ mode: "embeddings" }), path: "/v1beta/models/m:embedContent" })).toEqual(
    {
      embedding: { values: [1] },
    },
  );
});

test("OpenAI answer -> Gemini: parts, finish reason, usageMetadata with cached and thoughts", () => {
  const r = g.fromOpenAIResponse(
    {
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: "Hi",
            reasoning_content: "hmm",
            tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: '{"a":1}' } }],
          },
          finish_reason: "length",
        },
      ],
      usage: {
        prompt_tokens: 30,
        completion_tokens: 12,
        prompt_tokens_details: { cached_tokens: 10 },
        completion_tokens_details: { reasoning_tokens: 4 },
      },
    },
    out(),
  );
  expect(r).toEqual({
    candidates: [
      {
        content: {
          role: "model",
          parts: [{ text: "hmm", thought: true }, { text: "Hi" }, { functionCall: { name: "f", args: { a: 1 } } }],
        },
        finishReason: "MAX_TOKENS",
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: 30,
      candidatesTokenCount: 8,
      thoughtsTokenCount: 4,
      totalTokenCount: 42,
      cachedContentTokenCount: 10,
    },
    modelVersion: "gemini-x",
    responseId: "rid",
  });
});

test("OpenAI stream -> Gemini SSE: text chunks, tool calls assembled, last chunk with finishReason and usage, no [DONE]", () => {
  const s = g.streamFromOpenAI({ ...out({ stream: true }), clientWantsUsage: false });
  const chunk = (delta: Json, finish: string | null = null) => ({
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const frames = [
    ...s.push(chunk({ role: "assistant", content: "" })),
    ...s.push(chunk({ content: "Hel" })),
    ...s.push(chunk({ tool_calls: [{ index: 0, id: "c", function: { name: "f", arguments: '{"a"' } }] })),
    ...s.push(chunk({ tool_calls: [{ index: 0, function: { arguments: ":2}" } }] }, "tool_calls")),
    ...s.end({ promptTokens: 9, completionTokens: 3, cachedTokens: 2 }),
  ];
  expect(frames.every((f) => f.startsWith("data: ") && f.endsWith("\n\n"))).toBe(true);
  expect(frames.join("")).not.toContain("[DONE]");
  const parsed = frames.map((f) => JSON.parse(f.slice(6)) as { candidates: Json[]; usageMetadata?: Json });
  expect(parsed.length).toBe(2);
  expect(parsed[0]!.candidates[0]!.content).toEqual({ role: "model", parts: [{ text: "Hel" }] });
  expect(parsed[1]!.candidates[0]).toEqual({
    content: { role: "model", parts: [{ functionCall: { name: "f", args: { a: 2 } } }] },
    finishReason: "STOP",
    index: 0,
  });
  expect(parsed[1]!.usageMetadata).toEqual({
    promptTokenCount: 9,
    candidatesTokenCount: 3,
    totalTokenCount: 12,
    cachedContentTokenCount: 2,
  });
});

test("errors are Gemini-shaped with the gRPC status name", () => {
  const body = (status: number) => JSON.parse(g.errorBody(new RelayError(status, "boom"), "rid")) as { error: Json };
  expect(body(400).error).toEqual({ code: 400, message: "boom (request id: rid)", status: "INVALID_ARGUMENT" });
  expect(body(401).error.status).toBe("UNAUTHENTICATED");
  expect(body(403).error.status).toBe("PERMISSION_DENIED");
  expect(body(404).error.status).toBe("NOT_FOUND");
  expect(body(429).error.status).toBe("RESOURCE_EXHAUSTED");
  expect(body(500).error.status).toBe("INTERNAL");
  expect(body(502).error.status).toBe("INTERNAL");
  expect(body(503).error.status).toBe("UNAVAILABLE");
});

test("routes: model and verb from the path, /v1beta and /v1", () => {
  expect("/v1beta/models/gemini-2.5-flash:streamGenerateContent".match(GEMINI_PATH)?.slice(1)).toEqual([
    "gemini-2.5-flash",
    "streamGenerateContent",
  ]);
  expect("/v1/models/text-embedding-004:batchEmbedContents".match(GEMINI_PATH)?.slice(1)).toEqual([
    "text-embedding-004",
    "batchEmbedContents",
  ]);
  expect("/v1beta/models/x:countTokens".match(GEMINI_PATH)).toBeNull();
  expect("/v1/models/gemini".match(GEMINI_PATH)).toBeNull();
});
