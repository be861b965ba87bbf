// One adapter per channel type (folder per type), all behind this interface. OpenAI-style vendors
// reuse openai-compatible/; Anthropic and Gemini adapters add request/response conversion through
// the optional hooks without touching the relay pipeline.
import type { CachedChannel } from "@/lib/server/relay/cache/channel-cache";

export type RelayMode = "chat" | "completions" | "embeddings" | "moderations";

export type AdapterContext = {
  channel: CachedChannel;
  /** The upstream key chosen for this attempt (one of a multi-key channel's keys). */
  key: string;
  mode: RelayMode;
  /** Client request path, e.g. /v1/chat/completions. */
  path: string;
  upstreamModel: string;
  stream: boolean;
};

export type UpstreamRequest = { url: string; headers: Record<string, string>; body: string };

export interface ChannelAdapter {
  readonly name: string;
  /** Base URL used when the channel leaves base_url empty ("" = must be configured). */
  readonly defaultBaseUrl: string;
  /** Whether the upstream honours stream_options.include_usage (so we always ask for usage). */
  readonly supportsStreamUsage: boolean;
  buildRequest(ctx: AdapterContext, body: Record<string, unknown>): UpstreamRequest;
  /** Converts a non-stream upstream JSON body to the OpenAI shape (identity when absent). */
  convertResponse?(json: unknown, ctx: AdapterContext): unknown;
  /** Converts one upstream SSE data payload to zero or more OpenAI chunk payloads (identity when absent). */
  convertStreamData?(data: string, ctx: AdapterContext): string[];
}
