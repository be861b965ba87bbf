import "server-only";

// Upstream error texts are relayed to callers, and upstreams like to quote what they were sent:
// "Incorrect API key provided: sk-abc…", "connect ECONNREFUSED 10.0.3.7:8000", "https://vllm.internal/…".
// Before such a text leaves the gateway, the channel's keys, bearer tokens, the channel's host,
// private or loopback addresses (IPv4 and IPv6, bracketed, mapped or with a zone id) and the host
// names a transport error names (getaddrinfo ENOTFOUND other.internal, a certificate's altnames)
// are replaced.
import { isAllowedAddress, parseIpLiteral } from "@/lib/server/net/address-policy";

const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
// Candidates only (at least two colons, hex groups, an optional dotted tail and zone id): each is
// checked by the address parser, so "10:20:30" or "a::b::c" stay as they are.
const IPV6 = /\[?(?:[0-9a-f]{0,4}:){2,7}(?:[0-9a-f]{1,4}|\d{1,3}(?:\.\d{1,3}){3})?(?:%[\w.-]+)?\]?/gi;
const URL_HOST = /\b(https?|wss?):\/\/[^\s"'<>/]+/gi;
// Node's resolver and socket errors: "getaddrinfo ENOTFOUND <host>", "connect ECONNREFUSED <host:port>".
const ERRNO_HOST = /\b(E[A-Z][A-Z_]{2,})\s+(?!\[)[^\s,;()'"]+/g;
// TLS name mismatches: "Host: a.internal. is not in the cert's altnames: DNS:b.internal, IP Address:10.0.0.1".
const CERT_NAME = /\b(Host|DNS|IP Address):\s*[^\s,]+/g;
// Names that only resolve inside a network, wherever they appear.
const INTERNAL_NAME =
  /\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:internal|local|localdomain|lan|corp|home|intranet|svc|private)\b|\blocalhost\b/gi;

const notPublic = (literal: string) => {
  const ip = parseIpLiteral(literal);
  return ip !== null && !isAllowedAddress(ip, { allowLoopback: false });
};

export function redactUpstreamText(text: string, secrets: readonly string[], baseUrl: string | null): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join("***");
  out = out.replace(/(bearer\s+)[^\s"',]+/gi, "$1***").replace(/\bsk-[A-Za-z0-9_-]{8,}/g, "sk-***");
  let host = "";
  try {
    host = baseUrl ? new URL(baseUrl).host : "";
  } catch {
    host = "";
  }
  if (host) out = out.split(host).join("[upstream]");
  // Every URL's host: callers learn neither the upstream's name nor its port.
  out = out
    .replace(URL_HOST, "$1://[upstream]")
    .replace(ERRNO_HOST, "$1 [upstream]")
    .replace(CERT_NAME, "$1: [upstream]")
    .replace(INTERNAL_NAME, "[internal]");
  out = out.replace(IPV6, (candidate) => {
    const bare = candidate.replace(/^\[/, "").replace(/\]$/, "");
    return notPublic(bare) ? "[internal]" : candidate;
  });
  return out.replace(IPV4, (ip) => (notPublic(ip) ? "[internal]" : ip));
}
