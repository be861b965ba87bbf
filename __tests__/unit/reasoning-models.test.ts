// reasoning_effort only where the model takes it (issue 19 follow-up): a Claude / Gemini / Responses
// request converted to OpenAI chat keeps reasoning_effort for reasoning models (o-series, gpt-5,
// gpt-oss, Gemini 2.5+, grok-3-mini mapped to its two levels) and loses it for ordinary chat models
// (gpt-4o, gpt-4.1, gpt-3.5, deepseek-reasoner); OpenAI reasoning models get max_completion_tokens
// and no sampling fields. The native OpenAI route is not touched (capOutput keeps the client's field).
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import { responsesClientFormat } from "@/relay/vendors/shared/openai-responses/format";
import { fitConvertedRequest, modelRule } from "@/relay/vendors/shared/openai-style/request-reasoning-models";
import type { ClientFormat, Json } from "@/relay/kernel/format";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

/** A client request as an OpenAI-chat channel serving `model` receives it. */
const toChannel = (client: ClientFormat, body: Json, model: string): Json => {
  const o = convertOptionsFor(model)();
  return openaiFormat.fromOpenAIRequest(client.toOpenAIRequest(body, o), o);
};

const claudeThinking = {
  model: "claude-sonnet-4",
  max_tokens: 4096,
  temperature: 1,
  thinking: { type: "enabled", budget_tokens: 3000 },
  messages: [{ role: "user", content: "hi" }],
};
const geminiThinking = {
  contents: [{ role: "user", parts: [{ text: "hi" }] }],
  generationConfig: { temperature: 0, topP: 1, maxOutputTokens: 500, thinkingConfig: { thinkingBudget: 600 } },
};
const responsesReasoning = { model: "m", input: "hi", reasoning: { effort: "medium" }, max_output_tokens: 300 };

describe("converted requests: reasoning_effort only for models that take it", () => {
  test.each(["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-3.5-turbo", "deepseek-reasoner", "qwen-max", "grok-4"])(
    "%s: dropped from Claude, Gemini and Responses requests, max_tokens and sampling kept",
    (model) => {
      const c = toChannel(claudeFormat, claudeThinking, model);
      expect(c).not.toHaveProperty("reasoning_effort");
      expect(c).toMatchObject({ max_tokens: 4096, temperature: 1 });
      expect(c).not.toHaveProperty("max_completion_tokens");
      const g = toChannel(geminiFormat, geminiThinking, model);
      expect(g).not.toHaveProperty("reasoning_effort");
      expect(g).toMatchObject({ max_tokens: 500, temperature: 0, top_p: 1 });
      expect(toChannel(responsesClientFormat, responsesReasoning, model)).not.toHaveProperty("reasoning_effort");
    },
  );

  test.each(["o3", "o4-mini", "o1", "gpt-5", "gpt-5.1-codex", "openai/o3-mini"])(
    "%s: effort kept, max_tokens -> max_completion_tokens, sampling dropped",
    (model) => {
      const c = toChannel(claudeFormat, claudeThinking, model);
      expect(c).toMatchObject({ reasoning_effort: "high", max_completion_tokens: 4096 });
      expect(c).not.toHaveProperty("max_tokens");
      expect(c).not.toHaveProperty("temperature");
      const g = toChannel(geminiFormat, geminiThinking, model);
      expect(g).toMatchObject({ reasoning_effort: "low", max_completion_tokens: 500 });
      for (const f of ["max_tokens", "temperature", "top_p"]) expect(g).not.toHaveProperty(f);
      const r = toChannel(responsesClientFormat, responsesReasoning, model);
      expect(r).toMatchObject({ reasoning_effort: "medium", max_completion_tokens: 300 });
    },
  );

  test("o1-mini and gpt-5-chat-latest: no reasoning_effort, but max_completion_tokens", () => {
    for (const model of ["o1-mini", "gpt-5-chat-latest"]) {
      const c = toChannel(claudeFormat, claudeThinking, model);
      expect(c).not.toHaveProperty("reasoning_effort");
      expect(c).toMatchObject({ max_completion_tokens: 4096 });
      expect(c).not.toHaveProperty("max_tokens");
    }
  });

  test("other vendors' reasoning models keep the effort and their max_tokens", () => {
    for (const model of ["gpt-oss-120b", "openai/gpt-oss-20b", "gemini-2.5-flash", "sonar-deep-research"]) {
      expect(toChannel(claudeFormat, claudeThinking, model)).toMatchObject({
        reasoning_effort: "high",
        max_tokens: 4096,
      });
    }
    expect(toChannel(geminiFormat, geminiThinking, "gemini-2.0-flash")).not.toHaveProperty("reasoning_effort");
  });

  test("grok-3-mini takes only low and high: medium maps to high", () => {
    expect(toChannel(responsesClientFormat, responsesReasoning, "grok-3-mini").reasoning_effort).toBe("high");
    expect(toChannel(geminiFormat, geminiThinking, "grok-3-mini-fast").reasoning_effort).toBe("low");
    expect(fitConvertedRequest({ reasoning_effort: "bogus" }, "grok-3-mini")).not.toHaveProperty("reasoning_effort");
  });

  test("an explicit max_completion_tokens wins over max_tokens", () => {
    expect(fitConvertedRequest({ max_tokens: 10, max_completion_tokens: 20 }, "o3")).toEqual({
      max_completion_tokens: 20,
    });
  });

  test("a request without reasoning fields is untouched for an ordinary model", () => {
    const body = { model: "gpt-4o", max_tokens: 5, temperature: 0.2, messages: [] };
    expect(fitConvertedRequest({ ...body }, "gpt-4o")).toEqual(body);
  });

  test("model names are matched without a router prefix and case-insensitively; unknown is no rule", () => {
    expect(modelRule("OpenAI/O3")?.effort).toBe(true);
    expect(modelRule("omni-moderation-latest")).toBeUndefined();
    expect(modelRule("")).toBeUndefined();
  });
});

describe("native OpenAI requests are not fitted", () => {
  test("capOutput keeps the client's max_tokens and its reasoning_effort on gpt-4o", () => {
    const body: Json = { model: "gpt-4o", max_tokens: 100, reasoning_effort: "high" };
    openaiFormat.capOutput(body, "chat", 50);
    expect(body).toEqual({ model: "gpt-4o", max_tokens: 50, reasoning_effort: "high" });
  });

  test("capOutput writes max_completion_tokens for a reasoning model without a limit", () => {
    const body: Json = { model: "o3", temperature: 0.5 };
    openaiFormat.capOutput(body, "chat", 50);
    expect(body).toEqual({ model: "o3", temperature: 0.5, max_completion_tokens: 50 });
  });
});
