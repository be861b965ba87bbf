import "server-only";

// Volcengine's request signature (the visual API's "HMAC-SHA256" scheme, region cn-north-1, service
// cv), as new-api's jimeng adaptor signs: the canonical request over the method, path, sorted query,
// the host / x-date / x-content-sha256 / content-type headers and the body's SHA-256; the signing key
// derived from the secret by date, region, service and "request". Pure, so unit tests can pin it.
import { createHash, createHmac } from "node:crypto";

const REGION = "cn-north-1";
const SERVICE = "cv";

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** Go's url.QueryEscape: unreserved characters kept, space as "+", everything else %XX. */
function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

function canonicalQuery(url: URL): string {
  const keys = [...new Set(url.searchParams.keys())].sort();
  return keys
    .flatMap((k) =>
      url.searchParams
        .getAll(k)
        .sort()
        .map((v) => `${queryEscape(k)}=${queryEscape(v)}`),
    )
    .join("&");
}

/** The headers to add to a call to `url` so Volcengine accepts it (Authorization, X-Date, X-Content-Sha256). */
export function volcengineSign(
  call: { method: string; url: string; contentType: string; body: string },
  accessKey: string,
  secretKey: string,
  now = new Date(),
): Record<string, string> {
  const url = new URL(call.url);
  const xDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const shortDate = xDate.slice(0, 8);
  const payloadHash = sha256Hex(call.body);
  const signed: Record<string, string> = { host: url.host, "x-date": xDate, "x-content-sha256": payloadHash };
  if (call.contentType) signed["content-type"] = call.contentType;
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n]!.trim()}\n`).join("");
  const canonical = [
    call.method,
    url.pathname,
    canonicalQuery(url),
    canonicalHeaders,
    names.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${shortDate}/${REGION}/${SERVICE}/request`;
  const toSign = `HMAC-SHA256\n${xDate}\n${scope}\n${sha256Hex(canonical)}`;
  const key = hmac(hmac(hmac(hmac(secretKey, shortDate), REGION), SERVICE), "request");
  const signature = createHmac("sha256", key).update(toSign).digest("hex");
  return {
    "x-date": xDate,
    "x-content-sha256": payloadHash,
    authorization: `HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}
