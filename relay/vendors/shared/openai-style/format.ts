import "server-only";

// The OpenAI chat-completions format: the pivot of all conversions, so most methods are identities.
// OpenAI client -> OpenAI channel never comes here (upstream/attempt.ts + streaming/openai-stream.ts, the fast path); this
// serves OpenAI clients of Claude/Gemini channels and Claude/Gemini clients of OpenAI channels.
import type { RelayMode } from "@/relay/kernel/adapter";
import type { Usage } from "@/lib/server/ledger/pricing";
import { invalidRequest } from "@/relay/kernel/error-codes";
import { errorBody } from "@/relay/kernel/errors";
import { dataFrame } from "@/relay/kernel/frames";
import { parseJsonObject } from "@/relay/kernel/json";
import type { ChatFormat, Json, NativeStreamTap, StreamToOpenAI } from "@/relay/kernel/format";
import { estimatePromptTokens, promptText } from "@/relay/kernel/tokenize";
import { checkWire } from "@/relay/kernel/wire-guard";
import {
  chatSchema,
  completionsSchema,
  embeddingsSchema,
  moderationsSchema,
} from "@/relay/vendors/shared/openai-style/wire";
import { choiceCount, largestLimit, OPENAI_LIMIT_FIELDS, rewriteLimits } from "@/relay/kernel/output-limits";
import {
  fitConvertedRequest,
  usesCompletionTokens,
} from "@/relay/vendors/shared/openai-style/request-reasoning-models";
import { usageCount } from "@/relay/kernel/usage-check";

const SCHEMAS = {
  chat: chatSchema,
  completions: completionsSchema,
  embeddings: embeddingsSchema,
  moderations: moderationsSchema,
} as const;

type OpenAIUsage = {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  /** cached_creation_tokens: cache writes, as new-api and the Claude converters report them. */
  prompt_tokens_details?: { cached_tokens?: unknown; cached_creation_tokens?: unknown };
  completion_tokens_details?: { reasoning_tokens?: unknown };
};

/** OpenAI usage -> Usage (null when absent or all zero). A field that is not a count comes out NaN,
 *  which checkedUsage refuses (the request is then billed by our own count). */
export function usageFromOpenAI(u: unknown): Usage | null {
  const v = u as OpenAIUsage | null | undefined;
  if (!v || typeof v !== "object") return null;
  const prompt = usageCount(v.prompt_tokens);
  const completion = usageCount(v.completion_tokens);
  if (prompt === 0 && completion === 0) return null;
  const details = v.prompt_tokens_details && typeof v.prompt_tokens_details === "object" ? v.prompt_tokens_details : {};
  const write = usageCount(details.cached_creation_tokens);
  const reasoning = usageCount(v.completion_tokens_details?.reasoning_tokens);
  return {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: usageCount(details.cached_tokens),
    ...(write !== 0 ? { cacheWriteTokens: write } : {}),
    ...(reasoning !== 0 ? { reasoningTokens: reasoning } : {}),
  };
}

/** A chunk that ends an OpenAI stream's usage: the include_usage chunk (no choices) or one with a
 *  finish_reason (upstreams that put the usage on their last content chunk). */
export function endsUsage(chunk: Json): boolean {
  const choices = chunk.choices;
  if (!Array.isArray(choices) || choices.length === 0) return true;
  return choices.some((c) => typeof (c as { finish_reason?: unknown } | null)?.finish_reason === "string");
}

/** A chunk's usage: top level, else inside its first choice (Moonshot/Kimi streams report it there). */
export function chunkUsage(chunk: Json): unknown {
  if (chunk.usage) return chunk.usage;
  const first = Array.isArray(chunk.choices) ? (chunk.choices[0] as Json | undefined) : undefined;
  return first && typeof first === "object" ? first.usage : undefined;
}

/** Usage -> OpenAI usage; cache writes ride along as cached_creation_tokens (new-api's field) so a
 *  Claude client on the other side of the pivot gets cache_creation_input_tokens back. */
export function usageToOpenAI(u: Usage): Json {
  const write = u.cacheWriteTokens ?? 0;
  const reasoning = u.reasoningTokens ?? 0;
  return {
    prompt_tokens: u.promptTokens,
    completion_tokens: u.completionTokens,
    total_tokens: u.promptTokens + u.completionTokens,
    ...(u.cachedTokens || write
      ? {
          prompt_tokens_details: { cached_tokens: u.cachedTokens, ...(write ? { cached_creation_tokens: write } : {}) },
        }
      : {}),
    ...(reasoning ? { completion_tokens_details: { reasoning_tokens: reasoning } } : {}),
  };
}

/** encoding_format "base64" (the openai SDK's default): float vectors of a converted answer as
 * base64 little-endian float32, like OpenAI sends them. */
export function embeddingsToBase64(json: Json): Json {
  for (const d of (json.data as { embedding?: unknown }[] | undefined) ?? [])
    if (Array.isArray(d.embedding))
      d.embedding = Buffer.from(new Float32Array(d.embedding as number[]).buffer).toString("base64");
  return json;
}

type Delta = {
  content?: string | null;
  reasoning_content?: string | null;
  tool_calls?: { function?: { arguments?: string } }[];
};

/** Text of one chunk's deltas (content, reasoning, tool-call arguments) for local counting. */
export function chunkText(chunk: Json): string {
  let text = "";
  for (const c of (chunk.choices as { delta?: Delta; text?: string }[] | undefined) ?? []) {
    text += (c.delta?.content ?? "") + (c.delta?.reasoning_content ?? "") + (c.text ?? "");
    for (const call of c.delta?.tool_calls ?? []) text += call.function?.arguments ?? "";
  }
  return text;
}

export function checkOpenAIShape(mode: RelayMode, body: Json): void {
  if (mode === "chat" && !Array.isArray(body.messages))
    throw invalidRequest("'messages' must be an array", "invalid_messages");
  if (mode === "completions" && body.prompt === undefined)
    throw invalidRequest("'prompt' is required", "invalid_prompt");
  if ((mode === "embeddings" || mode === "moderations") && body.input === undefined)
    throw invalidRequest("'input' is required", "invalid_input");
  if (body.stream !== undefined && typeof body.stream !== "boolean")
    throw invalidRequest("'stream' must be a boolean", "invalid_stream");
  for (const field of ["max_tokens", "max_completion_tokens"]) {
    const v = body[field];
    if (v !== undefined && v !== null && (typeof v !== "number" || !Number.isInteger(v) || v < 0))
      throw invalidRequest(`'${field}' must be a non-negative integer`, `invalid_${field}`);
  }
  const schema = SCHEMAS[mode as keyof typeof SCHEMAS];
  if (schema) checkWire(schema, body);
}

const parseData = (data: string): Json | null => (data && data !== "[DONE]" ? parseJsonObject(data) : null);

/** The output limit of an OpenAI-format request: written into every limit field present (review N2),
 *  else into the one field the endpoint reads (Responses, completions, or chat: reasoning models). */
function capOutput(body: Json, mode: RelayMode, cap: number): void {
  if (rewriteLimits(body, OPENAI_LIMIT_FIELDS, cap)) return;
  if (mode === "responses") body.max_output_tokens = cap;
  else if (mode === "completions" || !usesCompletionTokens(String(body.model ?? ""))) body.max_tokens = cap;
  // Chat with a reasoning model: it refuses max_tokens.
  else body.max_completion_tokens = cap;
}

export const openaiFormat: ChatFormat = {
  name: "openai",

  inspect(body, mode) {
    checkOpenAIShape(mode, body);
    const stream = body.stream === true && (mode === "chat" || mode === "completions");
    const so = body.stream_options as { include_usage?: boolean } | undefined;
    return {
      model: typeof body.model === "string" && body.model.trim() ? body.model.trim() : undefined,
      stream,
      clientWantsUsage: stream && so?.include_usage === true,
      maxTokens: largestLimit(body, OPENAI_LIMIT_FIELDS),
      // n choices (completions: best_of candidates, billed too) each write up to the limit.
      choices: mode === "chat" || mode === "completions" ? choiceCount(body.n, body.best_of) : 1,
      promptText: promptText(body),
      promptTokens: estimatePromptTokens(body),
    };
  },
  toOpenAIRequest: (body, o) => ({ ...body, model: o.upstreamModel }),
  capOutput,
  fromOpenAIResponse: (json) => json,
  streamFromOpenAI(o) {
    let usageSent = false;
    return {
      push(chunk) {
        const hasChoices = Array.isArray(chunk.choices) && chunk.choices.length > 0;
        if (chunk.usage && typeof chunk.usage === "object") {
          if (!o.clientWantsUsage) {
            if (!hasChoices) return [];
            const { usage: _hidden, ...rest } = chunk;
            void _hidden;
            return [dataFrame(rest)];
          }
          usageSent = true;
        }
        return [dataFrame(chunk)];
      },
      end(usage) {
        const frames: string[] = [];
        if (o.clientWantsUsage && !usageSent)
          frames.push(
            dataFrame({
              id: `chatcmpl-${o.requestId}`,
              object: "chat.completion.chunk",
              created: Math.floor(Date.now() / 1000),
              model: o.clientModel,
              choices: [],
              usage: usageToOpenAI(usage),
            }),
          );
        frames.push("data: [DONE]\n\n");
        return frames;
      },
    };
  },
  errorBody: (err, requestId) => errorBody(err, requestId),

  fromOpenAIRequest(body, o) {
    // top_k is carried on the pivot between Claude and Gemini; OpenAI refuses unknown parameters.
    const { top_k: _topK, ...rest } = body;
    void _topK;
    // A converted request: reasoning_effort, max_tokens and sampling fitted to the upstream model.
    const out: Json = fitConvertedRequest({ ...rest, model: o.upstreamModel }, o.upstreamModel);
    if (o.stream) out.stream_options = { ...(out.stream_options as Json | undefined), include_usage: true };
    return out;
  },
  prepareNative: (body, o) => ({ ...body, model: o.upstreamModel }),
  toOpenAIResponse: (json) => json,
  streamToOpenAI(): StreamToOpenAI {
    let usage: Usage | null = null;
    let final = false;
    return {
      push(event) {
        if (event.data === "[DONE]") final = true;
        const chunk = parseData(event.data);
        if (!chunk) return [];
        const reported = usageFromOpenAI(chunkUsage(chunk));
        if (reported) {
          usage = reported;
          if (endsUsage(chunk)) final = true;
        }
        return [chunk];
      },
      end: () => [],
      usage: () => usage,
      final: () => final,
    };
  },
  nativeStream(): NativeStreamTap {
    let usage: Usage | null = null;
    let final = false;
    let text = "";
    return {
      push(event) {
        if (event.data === "[DONE]") {
          final = true;
          return [];
        }
        const chunk = parseData(event.data);
        if (chunk) {
          const reported = usageFromOpenAI(chunkUsage(chunk));
          if (reported) {
            usage = reported;
            if (endsUsage(chunk)) final = true;
          }
          text += chunkText(chunk);
        }
        return [dataFrame(event.data)];
      },
      end: () => ["data: [DONE]\n\n"],
      usage: () => usage,
      final: () => final,
      text: () => text,
    };
  },
  usageOf: (json) => usageFromOpenAI(json.usage),
  responseText(json) {
    const choices =
      (json.choices as { message?: { content?: unknown; reasoning_content?: string }; text?: string }[]) ?? [];
    return choices
      .map(
        (c) =>
          (typeof c.message?.content === "string" ? c.message.content : "") +
          (c.message?.reasoning_content ?? "") +
          (c.text ?? ""),
      )
      .join("");
  },
};
