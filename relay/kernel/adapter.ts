import "server-only";

// One adapter per transport (vendors/<vendor>/adapter.ts), all behind this interface. An adapter
// speaks one wire format (OpenAI by default; Anthropic and Gemini their own): the pipeline converts the
// client's format to the adapter's (relay/vendors/*/format.ts) before buildRequest.
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { WireFormat } from "@/lib/channel-types";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";

export type RelayMode =
  | "chat"
  | "completions"
  | "embeddings"
  | "moderations"
  | "responses"
  | "responses-compact"
  | "images"
  | "image-edits"
  | "speech"
  | "transcriptions"
  | "translations"
  | "rerank";

/** Request/response dialects (defined by the vendor catalogue). */
export type { WireFormat };

export type AdapterContext = {
  channel: CachedChannel;
  /** The upstream key chosen for this attempt (one of a multi-key channel's keys). */
  key: string;
  mode: RelayMode;
  /** Client request path, e.g. /v1/chat/completions. */
  path: string;
  upstreamModel: string;
  stream: boolean;
  /** Client request headers (lower-case names), e.g. anthropic-version / anthropic-beta. */
  clientHeaders?: Readonly<Record<string, string | string[] | undefined>>;
  /** Options snapshot of this request (claude.*, gemini.* settings). */
  options?: ReadonlyOptions;
};

export type UpstreamRequest = {
  url: string;
  headers: Record<string, string>;
  /** JSON text, or raw bytes (multipart bodies are forwarded as received). */
  body: string | Buffer;
  method?: "GET" | "POST";
  /** Async last step before sending (SigV4 signing, an OAuth token): returns the request to send. */
  finalize?: (io: { signal: AbortSignal; allowPrivate: boolean }) => Promise<UpstreamRequest>;
  /** Re-frames a 2xx streaming body (AWS event-stream -> SSE text) before the dialect reads it. */
  decodeStream?: (body: AsyncIterable<Buffer>) => AsyncIterable<Buffer>;
  /** Rewrites a 2xx non-stream body (an app platform's answer -> OpenAI chat.completion JSON text);
   *  throwing fails the attempt as an upstream error. */
  decodeBody?: (text: string) => string;
};

export interface ChannelAdapter {
  readonly name: string;
  /** Base URL used when the channel leaves base_url empty ("" = must be configured). */
  readonly defaultBaseUrl: string;
  /** Whether the upstream honours stream_options.include_usage (so we always ask for usage). */
  readonly supportsStreamUsage: boolean;
  /** OpenAI-shaped only through this adapter's own conversions (Cohere v2, Ollama): endpoints such as
   *  /v1/responses are converted through the chat pivot rather than forwarded to the vendor. */
  readonly chatOnly?: boolean;
  /** The body dialect buildRequest expects (default "openai"). */
  readonly format?: WireFormat;
  /** The dialect for one upstream model, when it depends on the model (Vertex: Gemini or Claude) or on
   *  the channel's settings (Bedrock: InvokeModel or Converse). */
  formatOf?(upstreamModel: string, channel: CachedChannel): WireFormat;
  buildRequest(ctx: AdapterContext, body: Record<string, unknown>): UpstreamRequest;
  /** Converts a non-stream upstream JSON body to the adapter's format (identity when absent). */
  convertResponse?(json: unknown, ctx: AdapterContext): unknown;
  /** Converts one upstream SSE data payload to zero or more OpenAI chunk payloads (identity when absent). */
  convertStreamData?(data: string, ctx: AdapterContext): string[];
}
