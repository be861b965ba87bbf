import "server-only";

/**
 * HTTP Basic client authentication of a token request (RFC 6749 §2.3.1): id and secret are
 * form-urlencoded before the base64 step, so a ":" or "%" in either survives.
 */
export function basicAuth(clientId: string, clientSecret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(clientSecret)}`).toString("base64")}`;
}
