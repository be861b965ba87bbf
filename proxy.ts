// Page redirects only (Next 16 "proxy", Node.js runtime). The real guards are server-side: every
// /api route declares its role, and console layouts re-check the session.
// - Until setup is done, every page except /setup redirects to /setup.
// - Guarded pages send a visitor without a session to /login?returnTo=<path>.
// - /admin/* sends a logged-in non-admin to /.
import { NextResponse, type NextRequest } from "next/server";
import { resolveCurrentUser } from "@/lib/server/auth/current-user";
import { isSetupDone } from "@/lib/server/services/setup/get-setup-status";
import { ROLE } from "@/lib/constants";

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

export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const setupDone = await isSetupDone().catch(() => true);
  if (!setupDone) return pathname === "/setup" ? NextResponse.next() : redirect(req, "/setup");

  if (!isGuardedPath(pathname)) return NextResponse.next();
  const user = await resolveCurrentUser(req.headers).catch(() => null);
  if (!user) return redirect(req, "/login", `?returnTo=${encodeURIComponent(pathname + search)}`);
  if (matchesPrefix(pathname, "/admin") && user.role < ROLE.admin) return redirect(req, "/");
  return NextResponse.next();
}

export const config = {
  // Pages only: not the APIs, the relay, Next's assets or files with an extension.
  matcher: ["/((?!api/|v1/|v1beta/|pg/|mj/|suno/|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
