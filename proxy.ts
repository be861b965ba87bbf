// Page redirects only (Next 16 "proxy", Node.js runtime). The real guards are server-side: every
// /api route declares its role, and console layouts re-check the session.
// - Until setup is done, every page except /setup redirects to /setup.
// - Guarded pages send a visitor without a session to /login?returnTo=<path>.
// - /admin/* sends a logged-in non-admin to /.
import { NextResponse, type NextRequest } from "next/server";
import { resolveCurrentUser } from "@/lib/server/auth/current-user";
import { isSetupDone } from "@/lib/server/setup-done";
import { ROLE } from "@/lib/constants";
import { PATHNAME_HEADER } from "@/lib/page-guard-header";

const GUARDED_PREFIXES = ["/app", "/admin", "/playground", "/chat2link", "/chat", "/channel", "/user/edit"];

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isGuardedPath(pathname: string): boolean {
  return GUARDED_PREFIXES.some((p) => matchesPrefix(pathname, p));
}

function redirect(req: NextRequest, pathname: string, search = ""): NextResponse {
  const url = req.nextUrl.clone();
  url.pathname = pathname;
  url.search = search;
  return NextResponse.redirect(url);
}

/** Passes the request on, telling layouts its path (they cannot see the URL) for returnTo. */
function next(req: NextRequest): NextResponse {
  const headers = new Headers(req.headers);
  headers.set(PATHNAME_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const setupDone = await isSetupDone().catch(() => true);
  if (!setupDone) return pathname === "/setup" ? next(req) : redirect(req, "/setup");

  if (!isGuardedPath(pathname)) return next(req);
  const user = await resolveCurrentUser(req.headers).catch(() => null);
  if (!user) return redirect(req, "/login", `?returnTo=${encodeURIComponent(pathname + search)}`);
  if (matchesPrefix(pathname, "/admin") && user.role < ROLE.admin) return redirect(req, "/");
  return next(req);
}

export const config = {
  // Pages only: not the APIs, the relay, Next's assets or files with an extension.
  matcher: ["/((?!api/|v1/|v1beta/|pg/|mj/|suno/|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
