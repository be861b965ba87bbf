// Field audit of the conversions (issue 19 scope 1): usage (cache read/write, reasoning tokens),
// stop reasons, sampling fields, tool_choice and thinking content, each carried through the OpenAI
// chat pivot between every pair of dialects that can express it.
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import { responsesClientFormat } from "@/relay/vendors/shared/openai-responses/format";
import type { ChatFormat, ClientFormat, Json } from "@/relay/kernel/format";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

const opts = convertOptionsFor("upstream-model");
const answer = { requestId: "r1", clientModel: "client-model" };

/** A channel's JSON answer, as the client format sees it. */
const through = (wire: ChatFormat, client: ClientFormat, json: Json): Json =>
  client.fromOpenAIResponse(wire.toOpenAIResponse(json, opts()), { ...opts(), ...answer });
/** A client's request, as the channel sees it. */
const request = (client: ClientFormat, wire: ChatFormat, body: Json): Json =>
  wire.fromOpenAIRequest(client.toOpenAIRequest(body, opts()), opts());

const claudeAnswer = (usage: Json, stop = "end_turn"): Json => ({
  id: "msg_1",
  type: "message",
  content: [{ type: "text", text: "ok" }],
  stop_reason: stop,
  usage,
});
const geminiAnswer = (usageMetadata: Json, finishReason = "STOP", parts: Json[] = [{ text: "ok" }]): Json => ({
  candidates: [{ content: { role: "model", parts }, finishReason }],
  usageMetadata,
});
const chatAnswer = (usage: Json, finish = "stop", message: Json = { role: "assistant", content: "ok" }): Json => ({
  id: "c1",
  object: "chat.completion",
  choices: [{ index: 0, message, finish_reason: finish }],
  usage,
});

describe("usage: cache read/write and reasoning tokens in every direction", () => {
  const claudeUsage = {
    input_tokens: 10,
    output_tokens: 7,
    cache_read_input_tokens: 30,
    cache_creation_input_tokens: 20,
  };
  test("Anthropic channel -> OpenAI, Gemini and Responses clients", () => {
    expect(through(claudeFormat, openaiFormat, claudeAnswer(claudeUsage)).usage).toEqual({
      prompt_tokens: 60,
      completion_tokens: 7,
      total_tokens: 67,
      prompt_tokens_details: { cached_tokens: 30, cached_creation_tokens: 20 },
    });
    expect(through(claudeFormat, geminiFormat, claudeAnswer(claudeUsage)).usageMetadata).toEqual({
      promptTokenCount: 60,
      candidatesTokenCount: 7,
      totalTokenCount: 67,
      cachedContentTokenCount: 30,
    });
    expect(through(claudeFormat, responsesClientFormat, claudeAnswer(claudeUsage)).usage).toMatchObject({
      input_tokens: 60,
      input_tokens_details: { cached_tokens: 30 },
      output_tokens: 7,
    });
  });

  test("OpenAI channel (cached and cache-creation tokens, reasoning tokens) -> Claude, Gemini, Responses", () => {
    const usage = {
      prompt_tokens: 100,
      completion_tokens: 40,
      prompt_tokens_details: { cached_tokens: 60, cached_creation_tokens: 15 },
      completion_tokens_details: { reasoning_tokens: 25 },
    };
    expect(openaiFormat.usageOf({ usage })).toEqual({
      promptTokens: 100,
      completionTokens: 40,
      cachedTokens: 60,
      cacheWriteTokens: 15,
      reasoningTokens: 25,
    });
    expect(through(openaiFormat, claudeFormat, chatAnswer(usage)).usage).toEqual({
      input_tokens: 25,
      output_tokens: 40,
      cache_read_input_tokens: 60,
      cache_creation_input_tokens: 15,
    });
    expect(through(openaiFormat, geminiFormat, chatAnswer(usage)).usageMetadata).toEqual({
      promptTokenCount: 100,
      candidatesTokenCount: 15,
      thoughtsTokenCount: 25,
      totalTokenCount: 140,
      cachedContentTokenCount: 60,
    });
    expect(through(openaiFormat, responsesClientFormat, chatAnswer(usage)).usage).toEqual({
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 60 },
      output_tokens: 40,
      output_tokens_details: { reasoning_tokens: 25 },
      total_tokens: 140,
    });
  });

  test("Gemini channel (cachedContentTokenCount, thoughtsTokenCount) -> OpenAI, Claude, Responses", () => {
    const meta = { promptTokenCount: 50, candidatesTokenCount: 10, thoughtsTokenCount: 6, cachedContentTokenCount: 40 };
    expect(through(geminiFormat, openaiFormat, geminiAnswer(meta)).usage).toEqual({
      prompt_tokens: 50,
      completion_tokens: 16,
      total_tokens: 66,
      prompt_tokens_details: { cached_tokens: 40 },
      completion_tokens_details: { reasoning_tokens: 6 },
    });
    expect(through(geminiFormat, claudeFormat, geminiAnswer(meta)).usage).toEqual({
      input_tokens: 10,
      output_tokens: 16,
      cache_read_input_tokens: 40,
      cache_creation_input_tokens: 0,
    });
    expect(
      (through(geminiFormat, responsesClientFormat, geminiAnswer(meta)).usage as Json).output_tokens_details,
    ).toEqual({ reasoning_tokens: 6 });
  });

  test("streams: the final usage (reasoning, cache) reaches Responses and Gemini clients", () => {
    const usage = { promptTokens: 50, completionTokens: 16, cachedTokens: 40, reasoningTokens: 6 };
    const frames = responsesClientFormat
      .streamFromOpenAI({ ...opts({ stream: true }), ...answer, clientWantsUsage: true })
      .end(usage)
      .join("");
    expect(frames).toContain('"output_tokens_details":{"reasoning_tokens":6}');
    expect(frames).toContain('"input_tokens_details":{"cached_tokens":40}');
    const g = geminiFormat
      .streamFromOpenAI({ ...opts({ stream: true }), ...answer, clientWantsUsage: true })
      .end(usage)
      .join("");
    expect(g).toContain('"thoughtsTokenCount":6');
    expect(g).toContain('"cachedContentTokenCount":40');
  });
});

describe("stop reasons: every value mapped", () => {
  test.each([
    ["end_turn", "stop", "STOP", "completed"],
    ["stop_sequence", "stop", "STOP", "completed"],
    ["pause_turn", "stop", "STOP", "completed"],
    ["max_tokens", "length", "MAX_TOKENS", "incomplete"],
    ["model_context_window_exceeded", "length", "MAX_TOKENS", "incomplete"],
    ["refusal", "content_filter", "SAFETY", "incomplete"],
  ])("Claude %s -> OpenAI %s, Gemini %s, Responses %s", (stop, openai, gemini, status) => {
    const json = claudeAnswer({ input_tokens: 1, output_tokens: 1 }, stop);
    expect((through(claudeFormat, openaiFormat, json).choices as Json[])[0]!.finish_reason).toBe(openai);
    expect((through(claudeFormat, geminiFormat, json).candidates as Json[])[0]!.finishReason).toBe(gemini);
    expect(through(claudeFormat, responsesClientFormat, json).status).toBe(status);
  });
  test("Claude tool_use -> tool_calls; OpenAI content_filter -> Responses incomplete (content_filter)", () => {
    const json = {
      ...claudeAnswer({ input_tokens: 1 }, "tool_use"),
      content: [{ type: "tool_use", id: "t", name: "f" }],
    };
    expect((through(claudeFormat, openaiFormat, json).choices as Json[])[0]!.finish_reason).toBe("tool_calls");
    const r = through(openaiFormat, responsesClientFormat, chatAnswer({ prompt_tokens: 1 }, "content_filter"));
    expect(r.incomplete_details).toEqual({ reason: "content_filter" });
  });
  test.each([
    ["STOP", "stop", "end_turn"],
    ["MAX_TOKENS", "length", "max_tokens"],
    ["SAFETY", "content_filter", "refusal"],
    ["RECITATION", "content_filter", "refusal"],
    ["LANGUAGE", "content_filter", "refusal"],
    ["BLOCKLIST", "content_filter", "refusal"],
    ["PROHIBITED_CONTENT", "content_filter", "refusal"],
    ["SPII", "content_filter", "refusal"],
    ["IMAGE_SAFETY", "content_filter", "refusal"],
    ["IMAGE_PROHIBITED_CONTENT", "content_filter", "refusal"],
    ["IMAGE_RECITATION", "content_filter", "refusal"],
    ["OTHER", "stop", "end_turn"],
    ["NO_IMAGE", "stop", "end_turn"],
    ["MALFORMED_FUNCTION_CALL", "stop", "end_turn"],
    ["UNEXPECTED_TOOL_CALL", "stop", "end_turn"],
    ["TOO_MANY_TOOL_CALLS", "stop", "end_turn"],
  ])("Gemini %s -> OpenAI %s, Claude %s", (reason, openai, claude) => {
    const json = geminiAnswer({ promptTokenCount: 1 }, reason);
    expect((through(geminiFormat, openaiFormat, json).choices as Json[])[0]!.finish_reason).toBe(openai);
    expect(through(geminiFormat, claudeFormat, json).stop_reason).toBe(claude);
  });
});

describe("request fields", () => {
  test("Claude sampling, stop sequences, user, tool_choice none -> Gemini; top_k dropped for OpenAI", () => {
    const body = {
      model: "m",
      max_tokens: 9,
      messages: [{ role: "user", content: "hi" }],
      temperature: 0.3,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ["END"],
      metadata: { user_id: "u1" },
      tools: [{ name: "f", input_schema: { type: "object", properties: { a: { type: "string" } } } }],
      tool_choice: { type: "none" },
    };
    const g = request(claudeFormat, geminiFormat, body);
    expect(g.generationConfig).toMatchObject({ temperature: 0.3, topP: 0.9, topK: 40, stopSequences: ["END"] });
    expect(g.toolConfig).toEqual({ functionCallingConfig: { mode: "NONE" } });
    const o = request(claudeFormat, openaiFormat, body);
    expect(o).toMatchObject({ temperature: 0.3, top_p: 0.9, stop: ["END"], user: "u1", tool_choice: "none" });
    expect(o).not.toHaveProperty("top_k");
  });

  test("Gemini topK, thinking budget / level, seed, candidateCount -> Claude and OpenAI", () => {
    const body = {
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
      generationConfig: { topK: 20, seed: 7, candidateCount: 2, thinkingConfig: { thinkingBudget: 4000 } },
    };
    const c = request(geminiFormat, claudeFormat, body);
    expect(c.top_k).toBeUndefined(); // thinking on: Claude refuses top_k with thinking
    expect(c.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    const noThinking = request(geminiFormat, claudeFormat, { ...body, generationConfig: { topK: 20 } });
    expect(noThinking.top_k).toBe(20);
    const o = geminiFormat.toOpenAIRequest(
      { ...body, generationConfig: { ...body.generationConfig, thinkingConfig: { thinkingLevel: "HIGH" } } },
      opts(),
    );
    expect(o).toMatchObject({ top_k: 20, seed: 7, n: 2, reasoning_effort: "high" });
  });

  test.each([
    [{ type: "auto" }, "auto", "AUTO", { type: "auto" }],
    [{ type: "any" }, "required", "ANY", { type: "any" }],
    [{ type: "none" }, "none", "NONE", { type: "none" }],
    [{ type: "tool", name: "f" }, { type: "function", function: { name: "f" } }, "ANY", { type: "tool", name: "f" }],
  ])("tool_choice Claude %j -> OpenAI %j -> Gemini %s -> back to Claude", (claude, openai, mode, back) => {
    const body = {
      model: "m",
      messages: [{ role: "user", content: "hi" }],
      tools: [{ name: "f", input_schema: { type: "object" } }],
      tool_choice: claude,
    };
    expect(claudeFormat.toOpenAIRequest(body, opts()).tool_choice).toEqual(openai);
    const g = request(claudeFormat, geminiFormat, body);
    expect((g.toolConfig as { functionCallingConfig: Json }).functionCallingConfig.mode).toBe(mode);
    const gBody = { contents: [{ role: "user", parts: [{ text: "hi" }] }], tools: g.tools, toolConfig: g.toolConfig };
    expect(request(geminiFormat, claudeFormat, gBody).tool_choice).toEqual(back);
  });

  test("Responses tool_choice, safety_identifier and effort none -> Claude", () => {
    const body = {
      input: "hi",
      tools: [{ type: "function", name: "f", parameters: { type: "object" } }],
      tool_choice: "required",
      safety_identifier: "s1",
      reasoning: { effort: "none" },
    };
    const c = request(responsesClientFormat, claudeFormat, body);
    expect(c.tool_choice).toEqual({ type: "any" });
    expect(c.metadata).toEqual({ user_id: "s1" });
    expect(c.thinking).toBeUndefined();
    const named = request(responsesClientFormat, geminiFormat, {
      ...body,
      tool_choice: { type: "function", name: "f" },
    });
    expect(named.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["f"] } });
  });
});

describe("thinking content", () => {
  test("Claude thinking -> Gemini thought part; Gemini thought -> Claude thinking block and Responses reasoning", () => {
    const claude = {
      ...claudeAnswer({ input_tokens: 1 }),
      content: [
        { type: "thinking", thinking: "let me see", signature: "sig" },
        { type: "text", text: "ok" },
      ],
    };
    const parts = ((through(claudeFormat, geminiFormat, claude).candidates as Json[])[0]!.content as Json).parts;
    expect(parts).toEqual([{ text: "let me see", thought: true }, { text: "ok" }]);
    const gemini = geminiAnswer({ promptTokenCount: 1 }, "STOP", [{ text: "hmm", thought: true }, { text: "ok" }]);
    expect(through(geminiFormat, claudeFormat, gemini).content).toEqual([
      { type: "thinking", thinking: "hmm", signature: "" },
      { type: "text", text: "ok" },
    ]);
    const items = through(geminiFormat, responsesClientFormat, gemini).output as Json[];
    expect(items[0]).toMatchObject({ type: "reasoning", summary: [{ type: "summary_text", text: "hmm" }] });
  });
});
