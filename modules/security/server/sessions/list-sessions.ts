import "server-only";

// GET /api/user/sessions: where the caller is signed in, in new-api's LoginSessionView shape
// (sid, current, login_method, ip, user_agent, created_at, last_active_at, expires_at), newest first.
import { db } from "@/lib/server/db";
import { SESSION_TTL_SECONDS } from "@/lib/server/auth/session-store";
import type { CurrentUser } from "@/lib/server/auth/current-user";

const MAX_LISTED = 100;

export async function listSessions(user: CurrentUser, authVersion: number) {
  const since = Math.floor(Date.now() / 1000) - SESSION_TTL_SECONDS;
  const rows = await db().userSession.findMany({
    where: { userId: user.id, authVersion, lastSeenAt: { gte: since } },
    orderBy: { lastSeenAt: "desc" },
    take: MAX_LISTED,
  });
  return rows.map((row) => ({
    sid: row.id,
    current: row.id === user.sessionId,
    login_method: row.loginMethod,
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt,
    last_active_at: row.lastSeenAt,
    expires_at: row.lastSeenAt + SESSION_TTL_SECONDS,
  }));
}

export async function currentAuthVersion(userId: number): Promise<number> {
  const row = await db().user.findUnique({ where: { id: userId }, select: { authVersion: true } });
  return row?.authVersion ?? -1;
}
