import "server-only";

// The console's calls to a vendor's own API (remaining balance, model list): a vendor's balance.ts and
// models.ts say WHERE and HOW (URL, headers, reading the answer); the channels module makes the GET
// itself, through the outbound address guard (modules/channels/server/upstream-get.ts: channel address
// rule, no redirects, key redacted), and hands it in as `get`, so no vendor can bypass the guard.
import type { VendorEntry } from "@/lib/channel-type-shape";

/** A guarded GET of JSON from the channel's upstream (rejects with the module's UpstreamFailure). */
export type UpstreamGet = (url: string, headers: Record<string, string>) => Promise<unknown>;

/** A vendor's remaining balance (USD) over the channel's base URL and key. */
export type BalanceFetch = (base: string, key: string, get: UpstreamGet) => Promise<number>;

/** Where and how a vendor lists its models (the answer is read by the module: ids only). */
export type ModelListing = {
  url: (base: string, key: string, vendor: VendorEntry | undefined) => string;
  headers: (key: string) => Record<string, string>;
};

export const toNumber = (v: unknown) => (typeof v === "number" ? v : Number(v ?? NaN));

/** A balance the upstream really gave (a missing field is a failure, never a zero balance). */
export function finite(n: number): number {
  if (!Number.isFinite(n)) throw new Error("the upstream answered without a balance");
  return n;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
