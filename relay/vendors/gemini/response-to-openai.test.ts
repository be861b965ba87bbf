// Gemini channel side: adapter URL/version/key, thinking suffixes, Gemini answers -> OpenAI, usage, streams.
import { optionsOf } from "@/lib/server/options/store";
import { adapterFor } from "@/relay/vendors";
import type { AdapterContext } from "@/relay/kernel/adapter";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { geminiFormat as g } from "@/relay/vendors/gemini/format";
import type { Json } from "@/relay/kernel/format";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

const geminiAdapter = adapterFor(24)!;

const opts = convertOptionsFor("gemini-2.5-flash");

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
    options: optionsOf(Object.entries(options)),
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
    options: optionsOf(Object.entries(versions)),
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
    completion_tokens_details: { reasoning_tokens: 5 },
  });
  expect(g.usageOf(json)).toEqual({ promptTokens: 20, completionTokens: 15, cachedTokens: 8, reasoningTokens: 5 });
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
  expect(s.usage()).toEqual({ promptTokens: 3, completionTokens: 3, cachedTokens: 0, reasoningTokens: 1 });

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
