// Gemini content generation through the gateway with the official @google/genai SDK and the openai
// SDK: native to a Gemini-type channel (type 24, loopback mock-gemini.ts) with the key in
// x-goog-api-key and the version path from gemini.version_settings, streamed and not, converted to an
// OpenAI-type channel (mock-upstream.ts), function calling, and OpenAI chat on a Gemini channel. Setup
// in gemini-support.ts; embeddings, errors, lists, billing, thinking and administration are in
// gemini-billing-admin.test.ts.
import type { GenerateContentResponse } from "@google/genai";
import type OpenAI from "openai";
import { CHANNEL_KEY, setUpGeminiGateway } from "./gemini-support";

const env = setUpGeminiGateway();
const { genai, openai, lastGemini } = env;

const textOf = (r: GenerateContentResponse) =>
  (r.candidates?.[0]?.content?.parts ?? [])
    .filter((p) => !p.thought)
    .map((p) => p.text ?? "")
    .join("");

test("generateContent to a Gemini channel: native, key in x-goog-api-key only, version path", async () => {
  const t = await env.gw.createToken();
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
  await env.gw.api("PUT", "/api/option/", {
    key: "gemini.version_settings",
    value: JSON.stringify({ default: "v1beta", "gemini-2.5-flash": "v1" }),
  });
  try {
    const t = await env.gw.createToken();
    await genai(t.key).models.generateContent({ model: "gemini-2.5-flash", contents: "x" });
    expect(lastGemini().url).toBe("/v1/models/gemini-2.5-flash:generateContent");
  } finally {
    await env.gw.api("PUT", "/api/option/", {
      key: "gemini.version_settings",
      value: JSON.stringify({ default: "v1beta" }),
    });
  }
});

test("generateContentStream to a Gemini channel: chunks forwarded, usage in the last one", async () => {
  const t = await env.gw.createToken();
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
  const t = await env.gw.createToken();
  const r = await genai(t.key).models.generateContent({
    model: "gpt-mock",
    contents: "Hello?",
    config: { systemInstruction: "SYS", maxOutputTokens: 20 },
  });
  expect(r.text).toBe("This is a mock completion.");
  expect(r.candidates?.[0]?.finishReason).toBe("STOP");
  expect(r.usageMetadata).toMatchObject({ promptTokenCount: 12, candidatesTokenCount: 11, totalTokenCount: 23 });
  const sent = env.up.requests[env.up.requests.length - 1]!;
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
  expect(env.up.requests[env.up.requests.length - 1]!.body.stream).toBe(true);
});

test("function calling round trip through a Gemini channel", async () => {
  const t = await env.gw.createToken();
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
  const t = await env.gw.createToken();
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
