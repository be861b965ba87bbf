import "server-only";

// The contract of one relayed endpoint (chat completions, /v1/messages, Gemini generateContent,
// images, audio, ...). The pipeline (pipeline.ts) owns everything common — auth'd caller, model
// limits, sensitive words, pricing, rate limits, reservation, channel choice, retries, settlement,
// error logs — and asks the endpoint only to read the request and to make one attempt.
import type { ReadonlyOptions } from "@/lib/server/options/store";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AdapterContext, ChannelAdapter, RelayMode, WireFormat } from "@/relay/kernel/adapter";
import type { RelayContext } from "@/relay/kernel/context";
import type { Json, RequestFacts } from "@/relay/kernel/format";
import type { Outcome } from "@/relay/kernel/outcome";

export type ReadRequest = {
  /** JSON body (multipart endpoints: the form's text fields). */
  body: Json;
  facts: RequestFacts;
  /** Raw bytes when the endpoint forwards the body as received. */
  raw?: Buffer;
  /** Price multiplier (e.g. n images in price mode); default 1. */
  otherRatio?: number;
};

export type AttemptInput = {
  ctx: RelayContext;
  adapter: ChannelAdapter;
  actx: AdapterContext;
  res: ServerResponse;
  options: ReadonlyOptions;
  /** global.pass_through_request_enabled: send the client's body as is (model name aside). */
  passThrough: boolean;
};

export interface RelayEndpoint {
  /** The client's dialect (request, answer and errors). */
  readonly format: WireFormat;
  readonly mode: RelayMode;
  /** Model used when the request names none (e.g. moderations, tts-1, whisper-1, dall-e). */
  readonly defaultModel?: string;
  /** Reads and validates the request (throws RelayError on bad input). */
  read(req: IncomingMessage, url: URL): Promise<ReadRequest>;
  /** One try against one channel: answers the client and returns what to bill. */
  attempt(a: AttemptInput): Promise<Outcome>;
}
