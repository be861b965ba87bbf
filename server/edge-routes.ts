import "server-only";

// What the HTTP edge (main.ts) does with a request, decided from its method and path alone: one table,
// asked once per request, before anything is read. Health and metrics are answered even while
// draining; the relay gets /v1, /v1beta, /pg and the task and token-query paths (relay/entry/routes.ts
// knows which); everything else is the console (/api router, then Next's pages).
import { isRelayPath } from "@/relay/entry/routes";

export type EdgeRoute = "health" | "metrics" | "probe" | "relay" | "console";

/** GET /healthz (alive) and /readyz (can serve): server/health.ts answers them. */
export const isHealthPath = (pathname: string): boolean => pathname === "/healthz" || pathname === "/readyz";

/** Prometheus' scrape (lib/server/metrics/handler.ts answers it, with its bearer token). */
export const METRICS_PATH = "/metrics";

/**
 * HEAD / and HEAD /api/hello: clients (Claude Code among them) probe the base URL before their first
 * request. Answered in microseconds instead of rendering the home page.
 */
export const isReachabilityProbe = (method: string | undefined, pathname: string): boolean =>
  method === "HEAD" && (pathname === "/" || pathname === "/api/hello");

export function edgeRouteFor(method: string | undefined, pathname: string): EdgeRoute {
  if (isHealthPath(pathname)) return "health";
  if (pathname === METRICS_PATH) return "metrics";
  if (isReachabilityProbe(method, pathname)) return "probe";
  return isRelayPath(pathname) ? "relay" : "console";
}

// new-api's canonical console paths end in "/" (GET /api/user/, PUT /api/option/), and so do the
// spec's calls. Next would answer those with a 308 to the slash-less route, which clients that do not
// follow redirects (curl without -L, some SDKs) treat as a failure. The server strips the slash
// before Next routes the request, so both forms are served directly.

/**
 * new-api paths whose trailing slash names another route: GET /api/models/ is its model metadata
 * list (admin), GET /api/models the dashboard's models by channel type. The slash is kept and the
 * /api router answers them as not served (issue 41).
 */
export const SLASH_NAMES_ANOTHER_ROUTE: ReadonlySet<string> = new Set(["/api/models/"]);

/** The request target with a trailing "/" removed from an /api/... path (the query is kept). */
export function withoutApiTrailingSlash(url: string): string {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!pathname.startsWith("/api/") || !pathname.endsWith("/")) return url;
  if (SLASH_NAMES_ANOTHER_ROUTE.has(pathname)) return url;
  const trimmed = pathname.replace(/\/+$/, "");
  // "/api/" alone has no route to strip towards; leave it to the 404.
  if (trimmed === "/api") return url;
  return trimmed + (q < 0 ? "" : url.slice(q));
}
