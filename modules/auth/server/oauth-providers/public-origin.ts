import "server-only";

// The origin the browser sees this console at, for the redirect_uri of the token exchange: it must
// be the one the console put in the authorization request (`${location.origin}/oauth/{provider}`).
// Behind a reverse proxy the forwarded host and scheme count when TRUST_PROXY is on; an HTTPS
// deployment (SESSION_COOKIE_SECURE) is https even when the proxy does not say so.
import { env } from "@/lib/env";

export function publicOrigin(headers: Headers, requestUrl: URL): string {
  const e = env();
  const first = (name: string) => headers.get(name)?.split(",")[0]?.trim() || undefined;
  const host = (e.TRUST_PROXY ? first("x-forwarded-host") : undefined) ?? headers.get("host") ?? requestUrl.host;
  const forwardedProto = e.TRUST_PROXY ? first("x-forwarded-proto") : undefined;
  const proto =
    forwardedProto === "https" || forwardedProto === "http"
      ? forwardedProto
      : e.SESSION_COOKIE_SECURE
        ? "https"
        : requestUrl.protocol.replace(/:$/, "");
  return `${proto}://${host}`;
}
