import "server-only";

// The logged-in user for Server Components (layouts, pages), or null. Same rules as /api routes.
import { cookies, headers } from "next/headers";
import { resolveCurrentUser, type CurrentUser } from "@/lib/server/auth/current-user";

export async function getPageUser(): Promise<CurrentUser | null> {
  const h = new Headers();
  const cookieHeader = (await cookies()).toString();
  if (cookieHeader) h.set("cookie", cookieHeader);
  const accept = (await headers()).get("accept-language");
  if (accept) h.set("accept-language", accept);
  try {
    return await resolveCurrentUser(h);
  } catch {
    return null; // banned or revoked: treated as logged out for rendering
  }
}
