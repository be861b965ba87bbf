import "server-only";

// POST /v1/responses (OpenAI Responses API): passed through to OpenAI-format channels. Stream events
// are forwarded as received (`event:` lines included) one by one; usage comes from the final
// response.completed (or .incomplete / .failed) event. Only the generated text is kept (for local
// counting when the stream ends early), so a long stream costs no more memory than its text.
import { openAIWebSearchUsdPerK, type Usage } from "@/lib/server/ledger/pricing";
import type { AttemptInput, RelayEndpoint } from "@/relay/kernel/endpoint";
import { badBody, jsonRequest, modelField, open, parseJson, sendAsReceived } from "@/relay/endpoints/shared";
import { upstreamText } from "@/relay/kernel/json";
import { relayForwarded, type EventTap } from "@/relay/upstream/attempt-stream";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import type { Outcome } from "@/relay/kernel/outcome";
import { readJsonBody } from "@/relay/kernel/read-request";
import { checkWire } from "@/relay/kernel/wire-guard";
import { responsesSchema } from "@/relay/vendors/shared/openai-style/wire";
import { attemptChat } from "@/relay/upstream/attempt";
import { responsesFormatFor } from "@/relay/vendors/shared/openai-responses/format";
import { estimateText, exactTextTokens } from "@/relay/kernel/tokenize";
import { largestLimit, OPENAI_LIMIT_FIELDS } from "@/relay/kernel/output-limits";
import { contentAttachmentTokens, STORED_CONTEXT_TOKENS } from "@/relay/kernel/prompt-extras";
import { checkedUsage, usageCount } from "@/relay/kernel/usage-check";

type ResponsesUsage = {
  input_tokens?: unknown;
  output_tokens?: unknown;
  input_tokens_details?: { cached_tokens?: unknown };
};

/** Responses usage -> Usage (input includes cached; output includes reasoning). A field that is not
 *  a count comes out NaN, which checkedUsage refuses. */
export function usageFromResponses(u: unknown): Usage | null {
  const v = u as ResponsesUsage | null | undefined;
  if (!v || typeof v !== "object") return null;
  const prompt = usageCount(v.input_tokens);
  const completion = usageCount(v.output_tokens);
  if (prompt === 0 && completion === 0) return null;
  const details = v.input_tokens_details && typeof v.input_tokens_details === "object" ? v.input_tokens_details : {};
  return { promptTokens: prompt, completionTokens: completion, cachedTokens: usageCount(details.cached_tokens) };
}

function partsText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p) => (p && typeof p === "object" && typeof (p as Json).text === "string" ? String((p as Json).text) : ""))
    .join("\n");
}

/**
 * A Responses answer's usage with its server-side web searches (one `web_search_call` output item
 * each; OpenAI bills them per call, review N9): `response` is the JSON body, or the `response` of
 * the final stream event.
 */
function usageOfResponse(response: Json | undefined): Usage | null {
  const usage = usageFromResponses(response?.usage);
  if (!usage || !Array.isArray(response?.output)) return usage;
  let calls = 0;
  for (const item of response.output) if ((item as Json | null)?.type === "web_search_call") calls++;
  if (calls) usage.webSearch = { calls, usdPerThousand: openAIWebSearchUsdPerK(String(response.model ?? "")) };
  return usage;
}

/** instructions + input (a string, or message items with string / part contents). */
export function responsesPromptText(body: Json): string {
  const out: string[] = [];
  if (typeof body.instructions === "string") out.push(body.instructions);
  if (typeof body.input === "string") out.push(body.input);
  else if (Array.isArray(body.input))
    for (const item of body.input) {
      if (item && typeof item === "object") {
        const i = item as Json;
        out.push(partsText(i.content));
        if (typeof i.output === "string") out.push(i.output);
        if (typeof i.arguments === "string") out.push(i.arguments);
      }
    }
  return out.filter(Boolean).join("\n");
}

/**
 * Prompt tokens beyond the text (review N9): attached files and audio, and a bounded allowance for
 * the context the upstream holds (previous_response_id, a stored prompt template).
 */
function responsesExtraTokens(body: Json): number {
  let n = body.previous_response_id || body.prompt ? STORED_CONTEXT_TOKENS : 0;
  if (Array.isArray(body.input))
    for (const item of body.input)
      if (item && typeof item === "object") n += contentAttachmentTokens((item as Json).content);
  return n;
}

/** Text of a non-stream response (message texts, reasoning summaries, call arguments). */
function outputText(json: Json): string {
  let text = "";
  for (const item of (json.output as Json[] | undefined) ?? []) {
    text += partsText(item?.content) + partsText(item?.summary);
    if (typeof item?.arguments === "string") text += item.arguments;
  }
  return text;
}

const TEXT_DELTAS = new Set([
  "response.output_text.delta",
  "response.refusal.delta",
  "response.reasoning_text.delta",
  "response.reasoning_summary_text.delta",
  "response.function_call_arguments.delta",
]);

/** Taps text deltas and the final usage out of Responses events. */
const responsesTap: EventTap = (type, data) => {
  if (type && TEXT_DELTAS.has(type)) {
    const j = parseJson(data);
    return { text: typeof j?.delta === "string" ? j.delta : "" };
  }
  if (type === "response.completed" || type === "response.incomplete" || type === "response.failed")
    return { usage: usageOfResponse(parseJson(data)?.response as Json | undefined) };
};

/** /v1/responses/compact is routed and priced as `<model>-openai-compact` (new-api's convention). */
export const COMPACT_SUFFIX = "-openai-compact";

async function attemptResponses(a: AttemptInput): Promise<Outcome> {
  const { ctx, actx, res } = a;
  // Channels of another dialect (Anthropic, Gemini): converted through the OpenAI chat pivot.
  // /v1/responses/compact has no such equivalent and stays OpenAI-only (jsonRequest refuses).
  if (((a.adapter.format ?? "openai") !== "openai" || a.adapter.chatOnly) && ctx.mode === "responses")
    return attemptChat(a, responsesFormatFor(ctx.body));
  if (ctx.mode === "responses-compact" && actx.upstreamModel.endsWith(COMPACT_SUFFIX))
    actx.upstreamModel = actx.upstreamModel.slice(0, -COMPACT_SUFFIX.length);
  const { up, abort } = await open(a, jsonRequest(a));
  const base = { channel: actx.channel, upstreamModel: actx.upstreamModel };
  const promptTokens = () => exactTextTokens(responsesPromptText(ctx.body));
  if (ctx.stream) return relayForwarded(a, up, abort, responsesTap, promptTokens);
  const raw = await upstreamText(up, actx.channel.baseUrl);
  const firstResponseMs = Date.now() - ctx.startedAt;
  const json = parseJson(raw);
  if (!json) throw badBody();
  const reported = checkedUsage(usageOfResponse(json), ctx.requestId);
  const usage: Usage = reported ?? {
    promptTokens: await promptTokens(),
    completionTokens: await exactTextTokens(outputText(json)),
    cachedTokens: 0,
  };
  sendAsReceived(res, raw, "application/json", ctx.requestId);
  return { ...base, usage, estimated: !reported, firstResponseMs };
}

function responsesEndpoint(compact: boolean): RelayEndpoint {
  return {
    format: "openai",
    mode: compact ? "responses-compact" : "responses",
    async read(req) {
      const body = await readJsonBody(req);
      if (compact) body.stream = false;
      if (body.input === undefined && body.previous_response_id === undefined && body.prompt === undefined)
        throw invalidRequest("'input' is required", "invalid_input");
      if (body.stream !== undefined && typeof body.stream !== "boolean")
        throw invalidRequest("'stream' must be a boolean", "invalid_stream");
      const max = body.max_output_tokens;
      if (max !== undefined && max !== null && (typeof max !== "number" || !Number.isInteger(max) || max < 0))
        throw invalidRequest("'max_output_tokens' must be a non-negative integer", "invalid_max_output_tokens");
      checkWire(responsesSchema, body);
      const text = responsesPromptText(body);
      const model = modelField(body.model);
      return {
        body,
        facts: {
          model: compact && model && !model.endsWith(COMPACT_SUFFIX) ? model + COMPACT_SUFFIX : model,
          stream: body.stream === true,
          clientWantsUsage: false,
          maxTokens: largestLimit(body, OPENAI_LIMIT_FIELDS),
          promptText: text,
          promptTokens: estimateText(text) + responsesExtraTokens(body),
        },
      };
    },
    attempt: attemptResponses,
  };
}

export const responsesCreateEndpoint = responsesEndpoint(false);
export const responsesCompactEndpoint = responsesEndpoint(true);
