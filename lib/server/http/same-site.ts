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
