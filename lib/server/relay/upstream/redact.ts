import "server-only";

// Upstream error texts are relayed to callers, and upstreams like to quote what they were sent:
// "Incorrect API key provided: sk-abc…", "connect ECONNREFUSED 10.0.3.7:8000", "https://vllm.internal/…".
// Before such a text leaves the gateway, the channel's keys, bearer tokens, the channel's host and
// private or loopback addresses are replaced.
import { isAllowedAddress, parseIpLiteral } from "@/lib/server/net/address-policy";

const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const URL_HOST = /\b(https?|wss?):\/\/[^\s"'<>/]+/gi;

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
  out = out.replace(URL_HOST, "$1://[upstream]");
  return out.replace(IPV4, (ip) => {
    const literal = parseIpLiteral(ip);
    return literal && !isAllowedAddress(literal, { allowLoopback: false }) ? "[internal]" : ip;
  });
}
