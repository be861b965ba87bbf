import "server-only";

// new-api's canonical console paths end in "/" (GET /api/user/, PUT /api/option/), and so do the
// spec's calls. Next would answer those with a 308 to the slash-less route, which clients that do not
// follow redirects (curl without -L, some SDKs) treat as a failure. The server strips the slash
// before Next routes the request, so both forms are served directly.

/** The request target with a trailing "/" removed from an /api/... path (the query is kept). */
export function withoutApiTrailingSlash(url: string): string {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!pathname.startsWith("/api/") || !pathname.endsWith("/")) return url;
  const trimmed = pathname.replace(/\/+$/, "");
  // "/api/" alone has no route to strip towards; leave it to the 404.
  if (trimmed === "/api") return url;
  return trimmed + (q < 0 ? "" : url.slice(q));
}
