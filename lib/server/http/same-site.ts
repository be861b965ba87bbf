import "server-only";

// CSRF defence for cookie-authenticated writes: a browser always sends Origin (or at least Referer)
// on cross-site POST/PUT/DELETE, so a write whose Origin/Referer names another host is refused.
// Scripts send neither and keep working (they authenticate with access tokens anyway).
import { env } from "@/lib/env";

export function isCrossSite(headers: Headers): boolean {
  const source = headers.get("origin") ?? headers.get("referer");
  if (!source || source === "null") return source === "null";
  let sourceHost: string;
  try {
    sourceHost = new URL(source).host;
  } catch {
    return true;
  }
  const forwarded = env().TRUST_PROXY ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || headers.get("host");
  return !host || sourceHost.toLowerCase() !== host.toLowerCase();
}

/**
 * For GETs that change state (rotate a token, test channels, log out): a cross-site top-level
 * navigation sends no Origin and may hide its Referer, but browsers label it Sec-Fetch-Site. Only
 * our own pages ("same-origin") and a URL the user typed ("none") pass; a foreign Origin/Referer is
 * refused as for writes. Scripts send none of these headers and keep working.
 */
export function isCrossSiteNavigation(headers: Headers): boolean {
  const site = headers.get("sec-fetch-site");
  return (!!site && site !== "same-origin" && site !== "none") || isCrossSite(headers);
}
