// Typed fetch layer for the console's /api calls. Every call goes through apiFetch: it sends the
// stored user id as New-Api-User, unwraps {success, message, data}, and throws ApiError on failure.
// A 401 clears the stored user and sends the visitor to /login?expired=true&returnTo=....
import { clearStoredUser, getStoredUser } from "@/lib/client/storage";

export type ApiErrorKind = "unauthorized" | "forbidden" | "rate_limited" | "server" | "demo" | "network" | "failed";

/** One refused field of a 400 (route()'s `issues`): its path and the server's translated reason. */
export type ApiIssue = { path: (string | number)[]; message: string };

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** Whether the server asked for a browser challenge (403 with a challenge header). */
  readonly challenge: boolean;
  /** Every input issue of a refused body or query (empty for other failures). */
  readonly issues: ApiIssue[];

  constructor(kind: ApiErrorKind, message: string, status = 0, challenge = false, issues: ApiIssue[] = []) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.status = status;
    this.challenge = challenge;
    this.issues = issues;
  }
}

/** The well-formed issues of an error answer; anything else in the field is ignored. */
function issuesOf(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (i): i is ApiIssue =>
      typeof i === "object" &&
      i !== null &&
      typeof (i as ApiIssue).message === "string" &&
      Array.isArray((i as ApiIssue).path) &&
      (i as ApiIssue).path.every((p) => typeof p === "string" || typeof p === "number"),
  );
}

export type Envelope<T> = { success: boolean; message: string; data: T };

type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined>;
};

function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 429) return "rate_limited";
  if (status === 405) return "demo";
  if (status >= 500) return "server";
  return "failed";
}

function redirectToLogin() {
  if (typeof window === "undefined") return;
  const { pathname, search } = window.location;
  if (pathname.startsWith("/login")) return;
  const returnTo = encodeURIComponent(pathname + search);
  window.location.assign(`/login?expired=true&returnTo=${returnTo}`);
}

export async function apiFetch<T>(path: string, options: Options = {}): Promise<Envelope<T>> {
  const url = new URL(path, typeof window === "undefined" ? "http://localhost" : window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined && v !== "") url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: "application/json" };
  const stored = getStoredUser();
  if (stored) headers["New-Api-User"] = String(stored.id);
  if (options.body !== undefined) headers["Content-Type"] = "application/json";

  let res: Response;
  try {
    res = await fetch(url.pathname + url.search, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError("network", "", 0);
  }

  let payload: Partial<Envelope<T>> & { issues?: unknown } = {};
  try {
    payload = (await res.json()) as Envelope<T>;
  } catch {
    // non-JSON body (proxy error page, empty 429): handled by status below
  }
  if (!res.ok) {
    const kind = kindOfStatus(res.status);
    if (kind === "unauthorized") {
      clearStoredUser();
      redirectToLogin();
    }
    throw new ApiError(
      kind,
      payload.message ?? "",
      res.status,
      res.headers.has("cf-mitigated"),
      issuesOf(payload.issues),
    );
  }
  if (payload.success === false) throw new ApiError("failed", payload.message ?? "", res.status);
  // Some calls (GET /api/pricing) carry more fields beside data: they are kept.
  return { ...payload, success: true, message: payload.message ?? "", data: payload.data as T };
}

/** The data of a successful call. */
export async function apiData<T>(path: string, options?: Options): Promise<T> {
  return (await apiFetch<T>(path, options)).data;
}
