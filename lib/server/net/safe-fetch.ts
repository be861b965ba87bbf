import "server-only";

// Outbound HTTP on behalf of a user (notification webhooks), guarded against SSRF:
// - the URL passes checkOutboundUrl (https, public addresses only);
// - the socket connects to exactly the address that was checked: a one-shot undici Agent whose DNS
//   lookup answers that address, so a second (rebinding) DNS answer can never be used; TLS still
//   verifies the certificate against the host name (SNI);
// - redirects are never followed (a 3xx is reported as a failure, like any non-2xx);
// - a short overall timeout and a small cap on the response body we read.
import type { LookupFunction } from "node:net";
import { Agent, request } from "undici";
import { env } from "@/lib/env";
import type { AddressPolicy } from "@/lib/server/net/address-policy";
import {
  checkOutboundUrl,
  systemResolver,
  type OutboundRefusal,
  type ResolvedAddress,
  type Resolver,
} from "@/lib/server/net/outbound-url";

export const OUTBOUND_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 16 * 1024;

/** The guard as configured for this process (loopback only in the test-only mode). */
export function outboundPolicy(): AddressPolicy {
  return { allowLoopback: env().NOTIFY_ALLOW_LOOPBACK_FOR_TESTS };
}

export class OutboundRefused extends Error {
  constructor(readonly reason: OutboundRefusal) {
    super(`outbound request refused: ${reason}`);
    this.name = "OutboundRefused";
  }
}

export type SafeRequest = {
  url: string;
  method?: "POST" | "GET";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Body bytes read at most (default 16 KB); a longer body comes back cut, with truncated set. */
  maxBytes?: number;
  policy?: AddressPolicy;
  resolver?: Resolver;
};

export type SafeResponse = { status: number; ok: boolean; body: string; truncated: boolean };

/** A lookup that answers only the pinned address, in both callback shapes net.connect uses. */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as LookupFunction;
}

async function readCapped(body: AsyncIterable<Buffer>, max: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  // One byte past the cap tells a body of exactly max bytes from a longer one.
  const limit = max + 1;
  for await (const chunk of body) {
    const room = limit - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (size >= limit) break; // leaving the loop destroys the rest of the stream
  }
  const all = Buffer.concat(chunks);
  return { text: all.subarray(0, max).toString("utf8"), truncated: size > max };
}

/**
 * Sends one request through the guard. Throws OutboundRefused when the URL is not allowed, and the
 * network error on connection failures or timeouts; any HTTP status is returned (ok = 2xx).
 */
export async function safeFetch(req: SafeRequest): Promise<SafeResponse> {
  const policy = req.policy ?? outboundPolicy();
  const check = await checkOutboundUrl(req.url, policy, req.resolver ?? systemResolver);
  if (!check.ok) throw new OutboundRefused(check.reason);
  const timeoutMs = req.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const agent = new Agent({
    connections: 1,
    pipelining: 0,
    connect: { timeout: timeoutMs, lookup: pinnedLookup(check.address) },
  });
  try {
    const res = await request(check.url, {
      method: req.method ?? "POST",
      headers: req.headers,
      body: req.body,
      dispatcher: agent,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const read = await readCapped(res.body as AsyncIterable<Buffer>, req.maxBytes ?? MAX_RESPONSE_BYTES);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return { status: res.statusCode, ok, body: read.text, truncated: read.truncated };
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}
