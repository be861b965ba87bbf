import "server-only";

// Everything one relayed request carries through the pipeline.
import type { RelayMode, WireFormat } from "@/relay/kernel/adapter";
import type { CachedToken, CachedUser } from "@/lib/server/cache/token-cache";
import type { Reservation } from "@/lib/server/ledger/ledger";
import type { ModelPricing, PriceTable } from "@/lib/server/ledger/pricing";

/** Who is calling: the sk- token (null for a system call), its user, group and pinned channel. */
export type RelayCaller = { token: CachedToken | null; user: CachedUser; group: string; channelPin: number | null };

export type RelayContext = {
  requestId: string;
  startedAt: number;
  path: string;
  mode: RelayMode;
  /** The client's dialect: its request is read, and its answers and errors written, in it. */
  format: WireFormat;
  ip: string;
  caller: RelayCaller;
  /** Playground calls bill the user only (no token). */
  playground: boolean;
  /** Request headers (lower-case names). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Record<string, unknown>;
  /** Raw request bytes when the endpoint forwards them untouched (multipart uploads). */
  raw?: Buffer;
  model: string;
  stream: boolean;
  /** Whether the client asked for a usage chunk (stream_options.include_usage). */
  clientWantsUsage: boolean;
  table: PriceTable;
  pricing: ModelPricing;
  promptTokens: number;
  maxTokens: number;
  /** Multiplies the price (e.g. n images); 1 for most calls. */
  otherRatio: number;
  reservation: Reservation | null;
  /** Rate-limit scopes this request counts against, with their windows (successes are recorded). */
  rateScopes: { scope: string; windowMs: number }[];
  /** Channels tried, in order (for the log's admin_info.use_channel). */
  usedChannels: number[];
};

export type StreamStatus = {
  status: "ok" | "error";
  end_reason: "done" | "eof" | "timeout" | "client_gone" | "upstream_error";
  end_error?: string;
};

/** What the router knows before the body is read: the start of every RelayContext. */
export type RelayRequestBase = Pick<
  RelayContext,
  "requestId" | "startedAt" | "path" | "mode" | "ip" | "caller" | "playground"
> & { format?: WireFormat };
