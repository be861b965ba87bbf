import "server-only";

// The client address as seen by our own HTTP server. server/main.ts overwrites this header on
// every request from the socket (or from X-Forwarded-For when TRUST_PROXY is set), so a client
// cannot forge it; rate limits and allow-lists read it from here.
export const CLIENT_IP_HEADER = "x-gateway-client-ip";

export function clientIpFrom(headers: Headers): string {
  return headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** Normalises IPv4-mapped IPv6 (::ffff:1.2.3.4) to plain IPv4. */
export function normaliseIp(ip: string): string {
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/** The stamped client address of a raw node:http request (see server/main.ts). */
export function clientIpFromNode(req: { headers: Record<string, string | string[] | undefined> }): string {
  const v = req.headers[CLIENT_IP_HEADER];
  return typeof v === "string" ? v : "unknown";
}
