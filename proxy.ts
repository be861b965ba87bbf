import { NextResponse, type NextRequest } from "next/server";
import { PATHNAME_HEADER } from "@/lib/page-guard-header";

export function proxy(req: NextRequest) {
  // Layouts cannot see the URL; guarded layouts read it from here to build /login?returnTo=...
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set(PATHNAME_HEADER, req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.next({ request: { headers: requestHeaders } });
}

export const config = { matcher: ["/((?!api|_next|v1|v1beta|pg|favicon.ico).*)"] };
