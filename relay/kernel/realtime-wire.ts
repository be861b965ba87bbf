import "server-only";

// The realtime session's shared facts (its stages: entry, routing, endpoint, upstream, streaming):
// the path, how a browser passes its key, and the routed session handed from routing to the endpoint.

import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import type { Reservation } from "@/lib/server/ledger/ledger";
import type { ModelPricing } from "@/lib/server/ledger/pricing";
import type { ReadonlyOptions } from "@/lib/server/options/store";

export const REALTIME_PATH = "/v1/realtime";

/** Browsers cannot set headers on a WebSocket: OpenAI's clients put the key in a subprotocol. */
export const KEY_PROTOCOL_PREFIX = "openai-insecure-api-key.";

/** The subprotocols a client offered (Sec-WebSocket-Protocol), trimmed, without empty entries. */
export function offeredProtocols(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  return text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The key a browser client passed as a subprotocol, or "". */
export function keyFromProtocols(protocols: string[]): string {
  const p = protocols.find((x) => x.startsWith(KEY_PROTOCOL_PREFIX));
  return p ? p.slice(KEY_PROTOCOL_PREFIX.length) : "";
}

/** The subprotocols worth passing upstream: never the one holding OUR key. */
export const forwardableProtocols = (protocols: string[]): string[] =>
  protocols.filter((p) => !p.startsWith(KEY_PROTOCOL_PREFIX));

/** A routed realtime session (relay/routing/realtime-route.ts), handed to its endpoint. */
export type RealtimeRoute = {
  model: string;
  upstreamModel: string;
  channel: CachedChannel;
  key: string;
  pricing: ModelPricing;
  quotaPerUnit: number;
  options: ReadonlyOptions;
  hold: Reservation;
  holdAmount: number;
};
