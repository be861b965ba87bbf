import { NextResponse, type NextRequest } from "next/server";

export function proxy(_req: NextRequest) {
  return NextResponse.next();
}

export const config = { matcher: ["/((?!api|_next|v1|v1beta|pg|favicon.ico).*)"] };
