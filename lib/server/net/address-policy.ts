import "server-only";

// Which IP addresses an outbound request on behalf of a user (notification webhooks) may reach.
// An allow-list, not a block-list: only ordinary public unicast addresses pass. That refuses
// private (10/8, 172.16/12, 192.168/16), loopback, link-local (169.254/16, fe80::/10), unique-local
// (fc00::/7), CGNAT (100.64/10), multicast, broadcast, unspecified, documentation/benchmark/reserved
// ranges, and every IPv6 transition form that can smuggle an IPv4 address (NAT64, 6to4, Teredo,
// IPv4-compatible ::a.b.c.d). IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as the IPv4 it maps to.
import ipaddr from "ipaddr.js";

export type AddressPolicy = {
  /** TEST-ONLY (NOTIFY_ALLOW_LOOPBACK_FOR_TESTS): also allow 127.0.0.0/8 and ::1. */
  allowLoopback: boolean;
};

/** Global unicast IPv6 lives in 2000::/3; everything outside it is special or unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** The address without IPv6 brackets or a zone id, or null when it is not an IP literal. */
export function parseIpLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  // Zone ids (fe80::1%eth0) are link-local by definition; keep the address part for the verdict.
  const withoutZone = bare.includes(":") ? bare.split("%")[0]! : bare;
  // Only canonical literals: ipaddr's lenient IPv4 forms (octal, hex, short) must not be guessed at
  // here. The WHATWG URL parser already rewrote such hosts to dotted decimal before we get them.
  if (ipaddr.IPv4.isValidFourPartDecimal(withoutZone)) return ipaddr.IPv4.parse(withoutZone);
  if (ipaddr.IPv6.isValid(withoutZone) && withoutZone.includes(":")) return ipaddr.IPv6.parse(withoutZone);
  return null;
}

/** True when a request may be sent to this address. Anything unparsable is refused. */
export function isAllowedAddress(ip: string | ipaddr.IPv4 | ipaddr.IPv6, policy: AddressPolicy): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6 | null;
  if (typeof ip === "string") addr = parseIpLiteral(ip);
  else addr = ip;
  if (!addr) return false;
  if (addr.kind() === "ipv6") {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isAllowedAddress(v6.toIPv4Address(), policy);
    if (policy.allowLoopback && v6.range() === "loopback") return true;
    return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast";
  }
  const range = (addr as ipaddr.IPv4).range();
  if (policy.allowLoopback && range === "loopback") return true;
  return range === "unicast";
}
