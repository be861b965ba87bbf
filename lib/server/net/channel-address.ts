import "server-only";

// Where a channel's key may be sent. Channel base URLs are set by admins and receive the channel key,
// so they follow a root-only option (ChannelPrivateAddressEnabled): when "true" (root's choice for
// self-hosted upstreams such as Ollama or vLLM on the same host) any address is allowed; otherwise (the
// default) only public unicast addresses are, checked on save and again on every connection (the lookup the
// socket uses refuses private answers, so a name that later resolves inside is refused too). Calls
// carrying a key never follow redirects (undici's request() does not), whatever the option says.
import type { ReadonlyOptions } from "@/lib/server/options/store";
import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent } from "undici";
import { isAllowedAddress, parseIpLiteral, type AddressPolicy } from "@/lib/server/net/address-policy";
import { systemResolver, type Resolver } from "@/lib/server/net/outbound-url";
import { singleton } from "@/lib/server/singleton";

export const CHANNEL_PRIVATE_OPTION = "ChannelPrivateAddressEnabled";

/** Whether channel base URLs may point at private, loopback or link-local addresses. */
export function channelPrivateAllowed(options: ReadonlyOptions): boolean {
  return options.get(CHANNEL_PRIVATE_OPTION) === "true";
}

const PUBLIC_ONLY: AddressPolicy = { allowLoopback: false };

export class ChannelAddressRefused extends Error {
  constructor(host: string) {
    super(`channel address ${host} is not public (private addresses are disabled)`);
    this.name = "ChannelAddressRefused";
  }
}

/** Save-time check of a base URL ("" = the type's default, always allowed). */
export async function channelUrlAllowed(
  raw: string,
  allowPrivate: boolean,
  resolver: Resolver = systemResolver,
): Promise<boolean> {
  if (allowPrivate || !raw) return true;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = parseIpLiteral(host);
  if (literal) return isAllowedAddress(literal, PUBLIC_ONLY);
  try {
    const all = await resolver(host);
    return all.length > 0 && all.every((a) => isAllowedAddress(a.address, PUBLIC_ONLY));
  } catch {
    // Unresolvable now: the connection-time lookup decides (it refuses private answers).
    return true;
  }
}

/** Connection-time check of an IP-literal host (sockets skip the lookup for literals). */
export function assertChannelTarget(url: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = parseIpLiteral(host);
  if (literal && !isAllowedAddress(literal, PUBLIC_ONLY)) throw new ChannelAddressRefused(host);
}

/** A DNS lookup that fails when any answer is not public (the socket connects only to what passed). */
const publicLookup: LookupFunction = ((host: string, options: { all?: boolean }, callback: never) => {
  const cb = callback as (err: Error | null, address?: unknown, family?: number) => void;
  dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => {
    if (err) return cb(err);
    if (!addresses.length || addresses.some((a) => !isAllowedAddress(a.address, PUBLIC_ONLY)))
      return cb(new ChannelAddressRefused(host));
    if (options?.all) cb(null, addresses);
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as LookupFunction;

const agents = singleton("net.channel-agents", () => ({
  open: new Agent({
    keepAliveTimeout: 90_000,
    keepAliveMaxTimeout: 600_000,
    connections: 512,
    pipelining: 1,
    connect: { timeout: 30_000 },
  }),
  publicOnly: new Agent({
    keepAliveTimeout: 90_000,
    keepAliveMaxTimeout: 600_000,
    connections: 512,
    pipelining: 1,
    connect: { timeout: 30_000, lookup: publicLookup },
  }),
}));

/** The keep-alive agent for calls to channel upstreams under the current policy. */
export function channelAgent(allowPrivate: boolean): Agent {
  return allowPrivate ? agents.open : agents.publicOnly;
}

/**
 * The DNS lookup for a connection made outside undici (the realtime WebSocket): refuses private
 * answers unless the policy allows them (undefined = the system's lookup).
 */
export function channelLookup(allowPrivate: boolean): LookupFunction | undefined {
  return allowPrivate ? undefined : publicLookup;
}
