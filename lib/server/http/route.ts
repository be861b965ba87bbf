import "server-only";

// The wrapper every console /api route handler goes through. It declares the route's role and
// input schemas; it authenticates, enforces the role, refuses cross-site cookie writes, validates
// input, and turns results and errors into the {success, message, data} envelope with a request id.
// Handlers never do their own auth or try/catch.
import { NextResponse, type NextRequest } from "next/server";
import { z, type ZodType } from "zod";
import { ROLE } from "@/lib/constants";
import { resolveCurrentUser, type CurrentUser } from "@/lib/server/auth/current-user";
import { withPageAliases } from "@/lib/schemas/pagination";
import { AppError } from "@/lib/server/http/app-error";
import { firstIllFormed, jsonTooDeep, wellFormed } from "@/lib/server/http/input-guard";
import { readCappedBytes } from "@/lib/server/http/read-capped";
import { consume } from "@/lib/server/http/rate-limit";
import { isCrossSite, isCrossSiteNavigation } from "@/lib/server/http/same-site";
import { clientIpFrom } from "@/lib/server/client-ip";
import { newRequestId } from "@/lib/server/http/route-id";
import { beginRequest } from "@/lib/server/in-flight";
import { localeOfRequest, serverMessage, type ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { requestLogger, withRequestId } from "@/lib/server/logger";
import { eventsDelivered } from "@/lib/server/redis/bus";
import type { answerType, EnvelopeResponse } from "@/lib/server/http/route-answer";
import type { Locale } from "@/lib/i18n/config";

export type Role = "public" | "user" | "admin" | "root";
const MIN_ROLE: Record<Exclude<Role, "public">, number> = { user: ROLE.user, admin: ROLE.admin, root: ROLE.root };

type RouteParams = Record<string, string | string[]>;

export type RouteContext<B, Q, R extends Role> = {
  req: NextRequest;
  body: B;
  query: Q;
  params: RouteParams;
  user: R extends "public" ? CurrentUser | null : CurrentUser;
  ip: string;
  locale: Locale;
  requestId: string;
  /** Localised text for the caller, for success messages. */
  t: (key: ServerMessageKey, params?: Record<string, string | number>) => string;
};

export type RouteOptions<B, Q, R extends Role> = {
  role: R;
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /** Anonymous, abuse-prone endpoints (login, register, setup, reset) are limited per client IP. */
  critical?: boolean;
  /** Maximum request body in bytes (default 512 KB for public routes, 2 MB otherwise). */
  bodyLimit?: number;
  /**
   * A GET that changes state (rotates a token, tests channels, refreshes balances, logs out): it
   * gets the cross-site refusal of writes, including cross-site top-level navigations.
   */
  changesState?: boolean;
};

export type { RouteAnswer, Wire } from "@/lib/server/http/route-answer";

/**
 * A route method: what Next calls. T is what the handler returns (data for the envelope, or a full
 * Response for cookies and redirects); RouteAnswer<typeof GET> reads it for the console's fetchers.
 */
export type WrappedHandler<T = unknown> = ((
  req: NextRequest,
  ctx: { params: Promise<RouteParams> },
) => Promise<Response>) & {
  role: Role;
  /** Bytes of request body the route accepts; the API router stops reading a body past it. */
  bodyLimit: number;
  /** Type only (never set): the handler's result, for RouteAnswer. */
  readonly [answerType]: T;
};

/** The route's body limit: its own, else 512 KB for public routes and 2 MB otherwise. */
const bodyLimitOf = (options: { role: Role; bodyLimit?: number }) =>
  options.bodyLimit ?? (options.role === "public" ? 512 * 1024 : 2 * 1024 * 1024);

/** A success envelope, for handlers that need to set headers or cookies themselves. */
export function envelope<D>(data: D, message = "", init?: ResponseInit): NextResponse & EnvelopeResponse<D> {
  return NextResponse.json({ success: true, message, data: data ?? null }, init) as NextResponse & EnvelopeResponse<D>;
}

/** One refused input field of a 400: its path in the body or query, and the translated reason. */
export type InputIssue = { path: (string | number)[]; message: string };

/**
 * new-api's error shape, {success:false, message}; a validation failure adds every issue beside it,
 * an AppError its extra fields (e.g. the secure verification's code).
 */
function errorResponse(
  status: number,
  message: string,
  requestId: string,
  extraHeaders?: Record<string, string>,
  extra?: InputIssue[] | Record<string, string>,
) {
  const fields = Array.isArray(extra) ? { issues: extra } : extra;
  return NextResponse.json(
    { success: false, message, ...fields },
    { status, headers: { "X-Request-Id": requestId, ...extraHeaders } },
  );
}

/**
 * The JSON body of a route that takes one: empty, malformed, too deep or ill-formed text is a 400.
 * Read only up to the limit (a chunked body declares no length): 413 as soon as it is passed.
 */
async function readJson(req: NextRequest, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) throw new AppError("payload_too_large", "request_too_large");
  const raw = await readCappedBytes(req.body, limit);
  if (raw === null) throw new AppError("payload_too_large", "request_too_large");
  if (jsonTooDeep(raw)) throw new AppError("bad_request", "request_too_deep");
  // fatal: invalid UTF-8 is refused rather than silently replaced.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw new AppError("bad_request", "invalid_json");
  }
  if (!text.trim()) throw new AppError("bad_request", "request_body_required");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "invalid_json");
  }
  const bad = firstIllFormed(value);
  if (bad !== null) throw new AppError("bad_request", "invalid_text", { field: bad });
  return value;
}

/** Query strings and path params: no NUL or lone surrogate may reach a service or the database. */
function checkTextInput(req: NextRequest, params: RouteParams): void {
  for (const [k, v] of req.nextUrl.searchParams)
    if (!wellFormed(k) || !wellFormed(v)) throw new AppError("bad_request", "invalid_text", { field: k });
  for (const [k, v] of Object.entries(params))
    for (const s of Array.isArray(v) ? v : [v])
      if (typeof s === "string" && !wellFormed(s)) throw new AppError("bad_request", "invalid_text", { field: k });
}

/** Errors Prisma raises for values it cannot store or compare (out of range, ill-formed): input. */
const PRISMA_INPUT_ERRORS = new Set(["PrismaClientValidationError", "PrismaClientUnknownRequestError"]);
const PRISMA_INPUT_CODES = new Set(["P2000", "P2005", "P2006", "P2007", "P2019", "P2020", "P2033"]);

function isInputError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (PRISMA_INPUT_ERRORS.has(err.name)) return true;
  const code = (err as { code?: unknown }).code;
  return err.name === "PrismaClientKnownRequestError" && typeof code === "string" && PRISMA_INPUT_CODES.has(code);
}

function issueMessage(issue: z.core.$ZodIssue, t: RouteContext<unknown, unknown, Role>["t"]): string {
  // Schemas carry server message keys as their messages (see lib/schemas); fall back to a generic one.
  if (issue.message && /^[a-z0-9_]+$/.test(issue.message)) {
    // A custom issue may carry the message's values (e.g. the refused channel type).
    const params = issue.code === "custom" ? (issue.params as Record<string, string | number> | undefined) : undefined;
    const text = t(issue.message as ServerMessageKey, params);
    if (text !== issue.message) return text;
  }
  return t("invalid_field", { field: issue.path.join(".") || "body" });
}

/** A 400 for a failed parse: the first issue in `message` (as new-api answers), all of them in `issues`. */
function validationFailure(error: z.ZodError, t: RouteContext<unknown, unknown, Role>["t"], requestId: string) {
  // Bounded: a hostile body can make a schema report an issue per array element.
  const issues = error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path.map((p) => (typeof p === "number" ? p : String(p))),
    message: issueMessage(issue, t),
  }));
  const message = issues[0]?.message ?? t("invalid_field", { field: "body" });
  return errorResponse(400, message, requestId, undefined, issues);
}
const MAX_ISSUES = 50;

export function route<B = undefined, Q = undefined, R extends Role = Role, T = unknown>(
  options: RouteOptions<B, Q, R>,
  handler: (ctx: RouteContext<B, Q, R>) => T,
): WrappedHandler<Awaited<T>> {
  const handle = async (
    req: NextRequest,
    ctx: { params: Promise<RouteParams> },
    requestId: string,
  ): Promise<Response> => {
    const locale = localeOfRequest(req.headers);
    const t = (key: ServerMessageKey, params?: Record<string, string | number>) => serverMessage(locale, key, params);
    const ip = clientIpFrom(req.headers);
    try {
      const method = req.method.toUpperCase();
      const isWrite = method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
      if (isWrite && isCrossSite(req.headers)) throw new AppError("forbidden", "cross_site_refused");
      if (options.changesState && isCrossSiteNavigation(req.headers)) {
        throw new AppError("forbidden", "cross_site_refused");
      }
      if (options.critical) {
        const wait = await consume("critical", ip);
        if (wait > 0) {
          return errorResponse(429, t("rate_limited"), requestId, { "Retry-After": String(wait) });
        }
      }

      const user = await resolveCurrentUser(req.headers);
      if (options.role !== "public") {
        if (!user) throw new AppError("unauthorized", "auth_required");
        if (user.role < MIN_ROLE[options.role as Exclude<Role, "public">])
          throw new AppError("forbidden", "auth_forbidden");
      }

      const params = ctx?.params ? await ctx.params : {};
      checkTextInput(req, params);
      const query = options.query
        ? options.query.safeParse(withPageAliases(Object.fromEntries(req.nextUrl.searchParams.entries())))
        : undefined;
      if (query && !query.success) return validationFailure(query.error, t, requestId);

      let body: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(await readJson(req, bodyLimitOf(options)));
        if (!parsed.success) return validationFailure(parsed.error, t, requestId);
        body = parsed.data;
      }

      const result: unknown = await handler({
        req,
        body: body as B,
        query: query?.data as Q,
        params,
        user: user as RouteContext<B, Q, R>["user"],
        ip,
        locale,
        requestId,
        t,
      });
      const response = result instanceof Response ? result : envelope(result);
      response.headers.set("X-Request-Id", requestId);
      return response;
    } catch (err) {
      if (err instanceof AppError) {
        return errorResponse(err.status, t(err.key, err.params), requestId, undefined, err.extra);
      }
      if (isInputError(err)) {
        requestLogger(requestId).warn({ err, path: req.nextUrl.pathname }, "database refused an input value");
        return errorResponse(400, t("invalid_input_value"), requestId);
      }
      requestLogger(requestId).error({ err, path: req.nextUrl.pathname }, "unhandled error in /api route");
      return errorResponse(500, t("internal_error_with_id", { id: requestId }), requestId);
    }
  };
  // Everything logged while the request is handled (services included) carries its id.
  const wrapped = (req: NextRequest, ctx: { params: Promise<RouteParams> }): Promise<Response> => {
    const requestId = newRequestId();
    const end = beginRequest(requestId, req.nextUrl.pathname);
    return withRequestId(requestId, async () => {
      const response = await handle(req, ctx, requestId);
      // Read-your-writes on every process: answered once they all applied the invalidations it emitted.
      await eventsDelivered(requestId);
      return response;
    }).finally(end);
  };
  // The answer type is a compile-time mark only (see route-answer.ts).
  return Object.assign(wrapped, { role: options.role, bodyLimit: bodyLimitOf(options) }) as unknown as WrappedHandler<
    Awaited<T>
  >;
}
