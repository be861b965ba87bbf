import "server-only";

// Token allow_ips: one address or CIDR per line (spaces and commas tolerated).
import ipaddr from "ipaddr.js";

type Matcher = (ip: ipaddr.IPv4 | ipaddr.IPv6) => boolean;

export function parseAllowList(text: string): Matcher[] | null {
  const entries = text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const matchers: Matcher[] = [];
  for (const entry of entries) {
    try {
      if (entry.includes("/")) {
        const [range, bits] = ipaddr.parseCIDR(entry);
        matchers.push((ip) => ip.kind() === range.kind() && ip.match(range, bits));
      } else {
        const single = ipaddr.process(entry);
        matchers.push((ip) => ip.kind() === single.kind() && ip.toNormalizedString() === single.toNormalizedString());
      }
    } catch {
      // an unparsable line allows nothing
    }
  }
  return matchers;
}

export function ipAllowed(matchers: Matcher[] | null, ip: string): boolean {
  if (!matchers) return true;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  return matchers.some((m) => m(addr));
}
