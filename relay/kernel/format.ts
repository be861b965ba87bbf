import "server-only";

// The contract of a wire format (OpenAI chat completions, Anthropic Messages, Gemini generateContent).
// OpenAI chat is the pivot: a request in format A for a channel speaking format B travels
// A -> OpenAI -> B, and its answer B -> OpenAI -> A. Same-format calls are forwarded natively and
// only tapped for usage. Each method receives the mode (chat or embeddings).
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { RelayMode, WireFormat } from "@/relay/kernel/adapter";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { RelayError } from "@/relay/kernel/errors";
import type { Locale } from "@/lib/i18n/config";

export type Json = Record<string, unknown>;

/** One parsed upstream SSE event (`event:` name when the format uses them). */
export type SseEvent = { event?: string; data: string };

/** What the pipeline needs to know about a client request before choosing a channel. */
export type RequestFacts = {
  /** From the body (OpenAI, Claude) or the URL path (Gemini); undefined when absent. */
  model?: string;
  stream: boolean;
  /** Whether the client wants a usage report in the stream (OpenAI: stream_options.include_usage). */
  clientWantsUsage: boolean;
  /** Output token limit asked for, per choice (0 = none): the largest of the request's limit fields. */
  maxTokens: number;
  /** Choices generated (OpenAI n, Gemini candidateCount), each up to maxTokens; 1 when absent. */
  choices?: number;
  /** Prompt text for the sensitive-word check. */
  promptText: string;
  /** Fast prompt token estimate (reservation only). */
  promptTokens: number;
};

/** Per-call settings passed to conversions. */
export type ConvertOptions = {
  mode: RelayMode;
  /** The model the channel will be asked for (after mapping); suffix adapters may rewrite it. */
  upstreamModel: string;
  stream: boolean;
  options: ReadonlyOptions;
  /** Client request path (e.g. Gemini :embedContent vs :batchEmbedContents answers differ). */
  path?: string;
};

/** Upstream events of a channel in this format -> OpenAI chat.completion.chunk objects. */
export interface StreamToOpenAI {
  push(event: SseEvent): Json[];
  /** Chunks still owed when the upstream stream ends. */
  end(): Json[];
  /** Usage as reported by the upstream (null when it sent none). */
  usage(): Usage | null;
  /** Whether the terminal event arrived, after which usage() is complete (streamUsage in streaming/sse-response.ts). */
  final(): boolean;
}

/** OpenAI chunks -> SSE frames of this format for the client ("event: x\ndata: {...}\n\n"). */
export interface StreamFromOpenAI {
  push(chunk: Json): string[];
  /** Closing frames; `usage` is the final usage (upstream-reported or counted locally). */
  end(usage: Usage): string[];
}

/** Same format on both sides: events are forwarded as received and tapped for usage and text. */
export interface NativeStreamTap {
  push(event: SseEvent): string[];
  /** Closing frames (e.g. OpenAI's [DONE]); usually none. */
  end(usage: Usage): string[];
  usage(): Usage | null;
  /** Whether the terminal event arrived, after which usage() is complete (streamUsage in streaming/sse-response.ts). */
  final(): boolean;
  /** Generated text so far (for local counting when the upstream reports no usage). */
  text(): string;
}

export interface ChatFormat {
  readonly name: WireFormat;

  // ---- client side (the format a request arrives in) ----
  /** Validates the body shape (throws invalidRequest) and returns the request facts. */
  inspect(body: Json, mode: RelayMode): RequestFacts;
  /**
   * Before a conversion (never on native pass-through): refuses, in a 400 naming the field, what the
   * conversion would drop (vendors/shared/convert-guard.ts). OpenAI chat has none: the channel side checks it.
   */
  checkConvertible?(body: Json, mode: RelayMode): void;
  /** Client request -> OpenAI request (chat completions, or embeddings when mode is embeddings). */
  toOpenAIRequest(body: Json, o: ConvertOptions): Json;
  /** OpenAI response -> this format's response. */
  fromOpenAIResponse(json: Json, o: ConvertOptions & { requestId: string; clientModel: string }): Json;
  streamFromOpenAI(
    o: ConvertOptions & { requestId: string; clientModel: string; clientWantsUsage: boolean },
  ): StreamFromOpenAI;
  /** Writes an output-token limit into a client request, in the field this format (and mode) uses. */
  capOutput(body: Json, mode: RelayMode, cap: number): void;
  /** Error body in this format (HTTP status is err.status). */
  errorBody(err: RelayError, requestId: string): string;

  // ---- channel side (the format a channel speaks) ----
  /** Same-format streams get SSE keep-alive comments (false: this format's clients do not expect them). */
  readonly nativePings?: boolean;
  /** Async work on the OpenAI pivot before fromOpenAIRequest (e.g. fetching remote images to inline);
   *  `locale` names the caller's language, asked only when a refusal is written. */
  preparePivot?(pivot: Json, request: object, locale: () => Locale): Promise<Json>;
  /** OpenAI request -> this format's request body. */
  fromOpenAIRequest(body: Json, o: ConvertOptions): Json;
  /** A same-format request prepared for the channel (model name, defaults such as max_tokens). */
  prepareNative(body: Json, o: ConvertOptions): Json;
  /** This format's response -> OpenAI response. */
  toOpenAIResponse(json: Json, o: ConvertOptions): Json;
  streamToOpenAI(o: ConvertOptions & { requestId: string }): StreamToOpenAI;
  nativeStream(o: ConvertOptions): NativeStreamTap;
  /** Usage of a non-stream response of this format (null when absent). */
  usageOf(json: Json): Usage | null;
  /** Generated text of a non-stream response (for local counting). */
  responseText(json: Json): string;
}

/** The client side of a format only: a client format that no channel speaks (OpenAI Responses on
 *  channels of another dialect) converts through the pivot with these methods alone. */
export type ClientFormat = Pick<
  ChatFormat,
  | "inspect"
  | "checkConvertible"
  | "toOpenAIRequest"
  | "fromOpenAIResponse"
  | "streamFromOpenAI"
  | "capOutput"
  | "errorBody"
> & { readonly name: string };
