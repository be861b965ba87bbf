import "server-only";

// Console sessions as rows (issue 40): the cookie's token names its row, so a user can list where
// they are signed in and end any session, and a secure verification belongs to one session. A row
// opened under an older authVersion (password change, ban) is dead even before it is swept.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";

/** Sessions last as long as their cookie. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** lastSeenAt is written at most once a minute per session: one small write, not one per call. */
const TOUCH_EVERY_SECONDS = 60;
const MAX_TEXT = 512;

export type SessionMeta = { ip?: string; userAgent?: string; loginMethod?: string };

export type SessionRow = {
  id: string;
  userId: number;
  authVersion: number;
  lastSeenAt: number;
  verifiedAt: number;
  verifiedMethod: string;
};

const now = () => Math.floor(Date.now() / 1000);

/** A new session row for a sign-in; dead rows of the same user are swept on the way. */
export async function openSession(userId: number, authVersion: number, meta: SessionMeta = {}): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  const t = now();
  await db().userSession.deleteMany({
    where: { userId, OR: [{ lastSeenAt: { lt: t - SESSION_TTL_SECONDS } }, { authVersion: { not: authVersion } }] },
  });
  await db().userSession.create({
    data: {
      id,
      userId,
      authVersion,
      ip: (meta.ip ?? "").slice(0, MAX_TEXT),
      userAgent: (meta.userAgent ?? "").slice(0, MAX_TEXT),
      loginMethod: (meta.loginMethod ?? "").slice(0, 64),
      createdAt: t,
      lastSeenAt: t,
    },
  });
  return id;
}

/** The live row of a session token (same user and authVersion, not expired), touched; else null. */
export async function liveSession(id: string, userId: number, authVersion: number): Promise<SessionRow | null> {
  const row = await db().userSession.findUnique({
    where: { id },
    select: { id: true, userId: true, authVersion: true, lastSeenAt: true, verifiedAt: true, verifiedMethod: true },
  });
  const t = now();
  if (!row || row.userId !== userId || row.authVersion !== authVersion) return null;
  if (row.lastSeenAt < t - SESSION_TTL_SECONDS) return null;
  if (t - row.lastSeenAt >= TOUCH_EVERY_SECONDS) {
    await db().userSession.updateMany({ where: { id }, data: { lastSeenAt: t } });
    row.lastSeenAt = t;
  }
  return row;
}

/** Ends a user's sessions (all, or all but one); returns how many ended. */
export async function endSessions(userId: number, keep?: string): Promise<number> {
  const res = await db().userSession.deleteMany({ where: { userId, ...(keep ? { id: { not: keep } } : {}) } });
  return res.count;
}

/** Ends one session of a user (sign-out, or the user ending it from the list); false when not theirs. */
export async function endSession(userId: number, id: string): Promise<boolean> {
  const res = await db().userSession.deleteMany({ where: { id, userId } });
  return res.count > 0;
}
