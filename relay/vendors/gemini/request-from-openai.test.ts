// Gemini channel side: OpenAI requests -> Gemini requests (messages, config, schema cleaning, images, safety).
import { RelayError } from "@/relay/kernel/errors";
import { geminiFormat as g } from "@/relay/vendors/gemini/format";
import type { Json } from "@/relay/kernel/format";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

const opts = convertOptionsFor("gemini-2.5-flash");

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
