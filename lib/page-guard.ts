import "server-only";

// Server-side guard for console page segments (/app/*, /admin/*). The proxy only sees whether a
// cookie exists; this checks the session against the database before any guarded page renders.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { getPageUser } from "@/lib/server/auth/page-user";
import { ROLE } from "@/lib/constants";
import { PATHNAME_HEADER } from "@/lib/page-guard-header";

async function currentPath(fallback: string): Promise<string> {
  const path = (await headers()).get(PATHNAME_HEADER);
  // Only same-site paths may become a returnTo, never "//host" or a full URL.
  return path && path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}

export async function requirePageUser(fallbackPath: string): Promise<CurrentUser> {
  const user = await getPageUser();
  if (!user) redirect(`/login?returnTo=${encodeURIComponent(await currentPath(fallbackPath))}`);
  return user;
}

export async function requirePageAdmin(fallbackPath: string): Promise<CurrentUser> {
  const user = await requirePageUser(fallbackPath);
  if (user.role < ROLE.admin) redirect("/");
  return user;
}
