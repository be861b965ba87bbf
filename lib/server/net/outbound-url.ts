import "server-only";

// Checks a user-supplied URL before the server calls it (SSRF guard): https only (http too in the
// test-only loopback mode), no credentials, and every address the host resolves to must pass the
// address policy. The answer carries the checked address so the connection can be pinned to it.
import { lookup as dnsLookup } from "node:dns/promises";
import { isAllowedAddress, parseIpLiteral, type AddressPolicy } from "@/lib/server/net/address-policy";

export type OutboundRefusal = "invalid_url" | "https_required" | "credentials" | "private_address" | "unresolvable";

export type ResolvedAddress = { address: string; family: 4 | 6 };

export type OutboundCheck =
  { ok: true; url: URL; host: string; address: ResolvedAddress } | { ok: false; reason: OutboundRefusal };

/** dns.lookup with all addresses; injectable so tests need no network. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const all = await dnsLookup(host, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const LOOKUP_TIMEOUT_MS = 5_000;

async function resolveWithTimeout(resolver: Resolver, host: string): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("dns timeout")), LOOKUP_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolver(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkOutboundUrl(
  raw: string,
  policy: AddressPolicy,
  resolver: Resolver = systemResolver,
): Promise<OutboundCheck> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  if (url.protocol !== "https:" && !(policy.allowLoopback && url.protocol === "http:")) {
    return { ok: false, reason: url.protocol === "http:" ? "https_required" : "invalid_url" };
  }
  if (url.username || url.password) return { ok: false, reason: "credentials" };
  // The WHATWG parser has already turned 2130706433, 0x7f.1, 0177.0.0.1 and 127.1 into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) return { ok: false, reason: "invalid_url" };

  const literal = parseIpLiteral(host);
  if (literal) {
    if (!isAllowedAddress(literal, policy)) return { ok: false, reason: "private_address" };
    return { ok: true, url, host, address: { address: host, family: literal.kind() === "ipv6" ? 6 : 4 } };
  }

  let addresses: ResolvedAddress[];
  try {
    addresses = await resolveWithTimeout(resolver, host);
  } catch {
    return { ok: false, reason: "unresolvable" };
  }
  if (addresses.length === 0) return { ok: false, reason: "unresolvable" };
  // One bad answer refuses the host: a name that also points inside is not a public endpoint.
  if (addresses.some((a) => !isAllowedAddress(a.address, policy))) return { ok: false, reason: "private_address" };
  return { ok: true, url, host, address: addresses[0]! };
}
