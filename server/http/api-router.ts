import "server-only";

// Serves the console API (app/api/**/route.ts) in the production server without Next's router:
// the route handlers are plain (NextRequest) => Response functions behind lib/server/http/route.ts,
// so the server bundle calls them directly (the table comes from scripts/api-route-table.mjs at
// build time). Next is then loaded only for pages (server/http/console-renderer.ts): a relay
// worker that only sees /v1 and /api never pays Next's memory (~60-90 MB) nor the async-hooks cost
// of its AsyncLocalStorage on every promise of the relay.
// Next's precedence: static segments before [param] before [...catchAll], params decoded, HEAD
// served by GET without a body, OPTIONS answered 204 with Allow, next.config's headers()
// (routes-manifest.json) on every answer. Unlike Next, as new-api: an [id] segment takes only
// decimal ids (a named path such as /api/user/checkin is not an admin's /api/user/[id]), and a path
// or method no route serves goes on to the next route that matches, down to the catch-all's 404
// {success:false,message} (issue 41): never a 405 with an empty body. A body is read only up to the
// route's limit (capped-request-body.ts).
import type http from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { cappedRequestBody, drainRest } from "@/lib/server/http/capped-request-body";
import type { WrappedHandler } from "@/lib/server/http/route";
import { logger } from "@/lib/server/logger";
import { localeOfNodeHeaders, serverMessage } from "@/lib/server/i18n/server-messages";
import { SLASH_NAMES_ANOTHER_ROUTE } from "@/server/edge-routes";

const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
type Method = (typeof METHODS)[number];
export type RouteModule = Partial<Record<Method, WrappedHandler>>;
/** One app/api route file: its URL pattern (`/api/token/[id]`) and how to load it. */
export type ApiRouteEntry = { pattern: string; load: () => Promise<RouteModule> };

type Segment = { kind: 0; text: string } | { kind: 1; name: string } | { kind: 2; name: string };
type CompiledRoute = { segments: Segment[]; load: () => Promise<RouteModule> };
export type RouteMatch = { load: () => Promise<RouteModule>; params: Record<string, string | string[]> };

function compile(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((s): Segment => {
      if (s.startsWith("[...") && s.endsWith("]")) return { kind: 2, name: s.slice(4, -1) };
      if (s.startsWith("[") && s.endsWith("]")) return { kind: 1, name: s.slice(1, -1) };
      return { kind: 0, text: s };
    });
}

/** Next's precedence: at the first segment where two routes differ, static < [param] < [...all]. */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const d = a.segments[i]!.kind - b.segments[i]!.kind;
    if (d !== 0) return d;
  }
  return b.segments.length - a.segments.length;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** new-api's ids are numbers: an [id] segment matches decimal digits only. */
const NUMERIC_ID = /^\d+$/;

function matchOne(route: CompiledRoute, parts: string[]): RouteMatch["params"] | null {
  const params: RouteMatch["params"] = {};
  const segs = route.segments;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg.kind === 2) {
      if (i >= parts.length) return null; // [...x] needs at least one segment
      const rest = parts.slice(i).map(decode);
      if (rest.some((p) => p === null)) return null;
      params[seg.name] = rest as string[];
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (seg.kind === 0) {
      if (part !== seg.text) return null;
    } else {
      const value = decode(part);
      if (value === null || (seg.name === "id" && !NUMERIC_ID.test(value))) return null;
      params[seg.name] = value;
    }
  }
  return parts.length === segs.length ? params : null;
}

/** The routes of the table that match a path, most specific first, found as they are asked for. */
export function createApiMatchers(entries: ApiRouteEntry[]) {
  const routes = entries.map((e) => ({ segments: compile(e.pattern), load: e.load })).sort(bySpecificity);
  return function* (pathname: string): Generator<RouteMatch> {
    const parts = pathname.split("/").filter(Boolean);
    for (const route of routes) {
      const params = matchOne(route, parts);
      if (params) yield { load: route.load, params };
    }
  };
}

/** The route table, most specific first; `match` answers the route of a path and its params. */
export function createApiMatcher(entries: ApiRouteEntry[]) {
  const matchAll = createApiMatchers(entries);
  return (pathname: string): RouteMatch | null => matchAll(pathname).next().value ?? null;
}

/** The methods a route module answers, as Next lists them in Allow. */
export function allowedMethods(mod: RouteModule): string[] {
  const own = METHODS.filter((m) => typeof mod[m] === "function");
  const set = new Set<string>(own);
  if (set.has("GET")) set.add("HEAD");
  set.add("OPTIONS");
  return METHODS.filter((m) => set.has(m));
}

/** Which handler serves `method`: its own, GET for HEAD, or none (OPTIONS/405 answered by us). */
export function handlerFor(mod: RouteModule, method: string): WrappedHandler | undefined {
  const own = (METHODS as readonly string[]).includes(method) ? mod[method as Method] : undefined;
  if (own) return own;
  return method === "HEAD" ? mod.GET : undefined;
}

function requestHeaders(req: http.IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header value Node accepted but the Fetch API refuses (obs-text): dropped, as Next does.
    }
  }
  return headers;
}

function absoluteUrl(req: http.IncomingMessage): string {
  const host = req.headers.host;
  try {
    return new URL(req.url ?? "/", `http://${host || "localhost"}`).href;
  } catch {
    return new URL(req.url ?? "/", "http://localhost").href;
  }
}

async function send(res: http.ServerResponse, answer: Response, head: boolean, base: [string, string][]) {
  res.statusCode = answer.status;
  for (const [k, v] of base) res.setHeader(k, v);
  answer.headers.forEach((value, key) => {
    if (key !== "set-cookie") res.setHeader(key, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (head || !answer.body || answer.status === 204 || answer.status === 304) {
    await answer.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  const body = Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream);
  res.on("close", () => body.destroy());
  body.on("error", () => res.destroy());
  body.pipe(res);
}

/**
 * Which route serves the method: the first match that has a handler for it. OPTIONS on a route
 * without its own is answered with the first match's Allow; null when none serves it (404).
 */
async function serving(
  matches: Iterable<RouteMatch>,
  method: string,
): Promise<{ found: RouteMatch; handler: WrappedHandler } | { allow: string } | null> {
  let first = true;
  for (const found of matches) {
    const mod = await found.load();
    const handler = handlerFor(mod, method);
    if (handler) return { found, handler };
    if (method === "OPTIONS" && first) return { allow: allowedMethods(mod).join(", ") };
    first = false;
  }
  return null;
}

/**
 * The request handler for /api paths. `headersFor(pathname)` answers next.config's headers() for a
 * path (server/http/config-headers.ts).
 */
export function createApiHandler(entries: ApiRouteEntry[], headersFor: (pathname: string) => [string, string][]) {
  const matchAll = createApiMatchers(entries);
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const pathname = (req.url ?? "/").split("?")[0]!;
    const base = headersFor(pathname);
    const method = (req.method ?? "GET").toUpperCase();
    try {
      const matches = SLASH_NAMES_ANOTHER_ROUTE.has(pathname) ? [] : matchAll(pathname);
      const served = await serving(matches, method);
      if (!served || "allow" in served) {
        req.resume();
        for (const [k, v] of base) res.setHeader(k, v);
        if (served) {
          res.statusCode = 204;
          res.setHeader("allow", served.allow);
          res.end();
          return;
        }
        res.statusCode = 404;
        res.setHeader("content-type", "application/json");
        const message = serverMessage(localeOfNodeHeaders(req.headers), "not_found");
        res.end(method === "HEAD" ? undefined : JSON.stringify({ success: false, message }));
        return;
      }
      const { found, handler } = served;
      const abort = new AbortController();
      res.on("close", () => abort.abort());
      const hasBody = method !== "GET" && method !== "HEAD";
      const limit = handler.bodyLimit ?? 2 * 1024 * 1024; // a handler not made by route(): its default
      const body = hasBody ? cappedRequestBody(req, limit) : null;
      // A handler that answers without reading the whole body (a 401 before the JSON is parsed) leaves
      // the rest paused in the socket, and the next request of that keep-alive connection would never
      // be read: once the answer is sent, the rest is read and dropped (as Node does for its own), up
      // to the route's limit; a body past it closes the connection.
      if (body) res.on("finish", () => drainRest(req, body.state, limit));
      const request = new NextRequest(absoluteUrl(req), {
        method,
        headers: requestHeaders(req),
        body: body?.stream,
        signal: abort.signal,
        ...(hasBody ? { duplex: "half" } : {}),
      } as ConstructorParameters<typeof NextRequest>[1]);
      const answer = await handler(request, { params: Promise.resolve(found.params) });
      await send(res, answer, method === "HEAD", base);
    } catch (err) {
      logger().error({ err, path: pathname }, "console API route failed outside its wrapper");
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ success: false, message: "internal error" }));
      } else res.destroy();
    }
  };
}
