import "server-only";

// Resolves who is calling a console /api route: a session cookie, or a system access token
// (`Authorization: <token>`, as new-api scripts send it). `New-Api-User`, when sent, must name the
// same user. The database is read on every call: the console is not the hot path, and this makes
// bans, role changes and revocations take effect immediately.
import { createHash } from "node:crypto";
import { db, type Prisma } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { readCookie, readSessionToken, sessionCookieName } from "@/lib/server/auth/session";
import { liveSession } from "@/lib/server/auth/session-store";
import { USER_STATUS } from "@/lib/constants";
import { selectOf } from "@/lib/server/dto-fields";

export type CurrentUser = {
  id: number;
  username: string;
  displayName: string;
  role: number;
  status: number;
  group: string;
  via: "session" | "access_token";
  /** The session row of a cookie caller (sessions list, secure verification); absent for access tokens. */
  sessionId?: string;
};

export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Who the caller is, as the console stores it after login. */
export const sessionUserFields = ["id", "username", "displayName", "role", "status", "group"] as const;

/** The user fields authentication needs (also read by password login). */
export const authUserSelect = {
  ...selectOf(sessionUserFields),
  authVersion: true,
  deletedAt: true,
} as const satisfies Prisma.UserSelect;

export type AuthUser = Prisma.UserGetPayload<{ select: typeof authUserSelect }>;

export async function resolveCurrentUser(headers: Headers): Promise<CurrentUser | null> {
  const authorization = headers.get("authorization")?.trim();
  let user: AuthUser | null = null;
  let via: CurrentUser["via"] = "session";
  let sessionId: string | undefined;

  if (authorization) {
    const token = authorization.replace(/^Bearer\s+/i, "");
    if (!token) throw new AppError("unauthorized", "auth_access_token_invalid");
    user = await db().user.findUnique({ where: { accessTokenHash: hashAccessToken(token) }, select: authUserSelect });
    if (!user) throw new AppError("unauthorized", "auth_access_token_invalid");
    via = "access_token";
  } else {
    const claims = await readSessionToken(readCookie(headers, sessionCookieName()));
    if (!claims) return null;
    user = await db().user.findUnique({ where: { id: claims.uid }, select: authUserSelect });
    if (!user || user.authVersion !== claims.v) return null;
    if (!(await liveSession(claims.sid, user.id, claims.v))) return null;
    sessionId = claims.sid;
  }

  if (user.deletedAt) return null;
  if (user.status !== USER_STATUS.enabled) throw new AppError("forbidden", "auth_user_banned");

  const claimed = headers.get("new-api-user");
  if (claimed !== null && claimed !== "") {
    if (!/^\d+$/.test(claimed)) throw new AppError("unauthorized", "auth_new_api_user_invalid");
    if (Number(claimed) !== user.id) throw new AppError("unauthorized", "auth_new_api_user_mismatch");
  }
  const { id, username, displayName, role, status, group } = user;
  return { id, username, displayName, role, status, group, via, ...(sessionId ? { sessionId } : {}) };
}
