import "server-only";

// Which models behind an OpenAI-chat channel take `reasoning_effort`, and which refuse `max_tokens`
// and sampling fields. A request CONVERTED to OpenAI chat (Claude with thinking, Gemini with a
// thinking budget, Responses with reasoning.effort) carries reasoning_effort on the pivot; real
// OpenAI answers 400 "Unrecognized request argument" to it on gpt-4o / gpt-4.1 / gpt-3.5, and
// "Unsupported parameter: 'max_tokens'" (use max_completion_tokens) or "Unsupported value:
// 'temperature'" on o-series / gpt-5. new-api never puts reasoning_effort on a converted request and
// renames max_tokens / drops temperature, top_p for o* and gpt-5* (relay/channel/openai/adaptor.go);
// here the effort is kept where the model takes it. Native OpenAI requests never come here: the
// client's fields are the client's choice. One ordered table, first match wins; no match = an
// ordinary chat model (no reasoning_effort, fields untouched).

type Effort = "minimal" | "low" | "medium" | "high";

export type ModelRule = {
  /** Tested against the model name without a router prefix ("openai/o3" -> "o3"), case-insensitive. */
  match: RegExp;
  /** Takes reasoning_effort: true (as is) or a map for vendors with fewer levels; absent = dropped. */
  effort?: true | Partial<Record<Effort, Effort>>;
  /** Refuses max_tokens (OpenAI reasoning models): sent as max_completion_tokens. */
  completionTokens?: boolean;
  /** Fields the model refuses (non-default sampling on OpenAI reasoning models). */
  refuses?: readonly string[];
};

const OPENAI_REASONING_REFUSES = [
  "temperature",
  "top_p",
  "presence_penalty",
  "frequency_penalty",
  "logprobs",
  "top_logprobs",
  "logit_bias",
] as const;

export const MODEL_RULES: readonly ModelRule[] = [
  // o1-mini / o1-preview predate reasoning_effort (400 "not supported with this model").
  { match: /^o1-(mini|preview)/, completionTokens: true, refuses: OPENAI_REASONING_REFUSES },
  { match: /^o\d/, effort: true, completionTokens: true, refuses: OPENAI_REASONING_REFUSES },
  // gpt-5-chat-latest is the non-reasoning ChatGPT model: no reasoning_effort.
  { match: /^gpt-5(\.\d+)?-chat/, completionTokens: true },
  { match: /^gpt-5/, effort: true, completionTokens: true, refuses: OPENAI_REASONING_REFUSES },
  // Open-weight gpt-oss (Groq, OpenRouter, vLLM, Ollama) takes low / medium / high.
  { match: /^gpt-oss/, effort: true },
  // Gemini's OpenAI-compatible endpoint maps reasoning_effort to its thinking budget (2.5 and later).
  { match: /^gemini-(2\.5|[3-9])/, effort: true },
  // xAI: only grok-3-mini reasons on request, with two levels; grok-4 refuses the field.
  { match: /^grok-3-mini/, effort: { minimal: "low", low: "low", medium: "high", high: "high" } },
  { match: /^sonar-deep-research/, effort: true },
];

/** The rule for a model name (undefined: an ordinary chat model). */
export function modelRule(model: string): ModelRule | undefined {
  const name = model.slice(model.lastIndexOf("/") + 1).toLowerCase();
  return MODEL_RULES.find((r) => r.match.test(name));
}

/** Whether the model refuses max_tokens in chat (capOutput writes max_completion_tokens instead). */
export const usesCompletionTokens = (model: string): boolean => modelRule(model)?.completionTokens === true;

/** A converted OpenAI-chat request fitted to what the upstream model accepts (mutates and returns). */
export function fitConvertedRequest(body: Record<string, unknown>, model: string): Record<string, unknown> {
  const rule = modelRule(model);
  const effort = body.reasoning_effort;
  if (effort !== undefined) {
    const mapped =
      rule?.effort === true
        ? effort
        : rule?.effort && typeof effort === "string"
          ? rule.effort[effort as Effort]
          : undefined;
    if (mapped === undefined) delete body.reasoning_effort;
    else body.reasoning_effort = mapped;
  }
  if (rule?.completionTokens && body.max_tokens !== undefined) {
    if (body.max_completion_tokens === undefined) body.max_completion_tokens = body.max_tokens;
    delete body.max_tokens;
  }
  for (const field of rule?.refuses ?? []) delete body[field];
  return body;
}
