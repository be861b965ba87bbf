import "server-only";

// Console sessions: next-auth's JWT session format (encrypted JWE, HKDF-derived key from
// SESSION_SECRET) in an HttpOnly, SameSite=Lax cookie. The token carries the user id, the user's
// authVersion and its session row (session-store.ts); bumping authVersion (password change/reset,
// disable) revokes every older session, deleting the row ends one.
import { decode, encode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { openSession, type SessionMeta } from "@/lib/server/auth/session-store";

export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * With secure cookies the name is __Host- (review 3 L9): the browser then accepts it only with
 * Secure, Path=/ and no Domain, so a sibling subdomain cannot plant a session cookie for this host
 * (session fixation), which it can with __Secure-. The old name is not read: sessions minted under it
 * sign in again once.
 */
export function sessionCookieName(): string {
  return env().SESSION_COOKIE_SECURE ? "__Host-next-auth.session-token" : "next-auth.session-token";
}

export type SessionClaims = { uid: number; v: number; sid: string };

/** What the sessions list shows of a sign-in: the client address, its user agent, how it signed in. */
export function sessionMetaOf(headers: Headers, ip: string, loginMethod: string): SessionMeta {
  return { ip, userAgent: headers.get("user-agent") ?? "", loginMethod };
}

/** Opens a session row for a sign-in and returns its cookie token. */
export async function mintSessionToken(
  claims: Omit<SessionClaims, "sid"> & { username: string },
  meta: SessionMeta = {},
): Promise<string> {
  const sid = await openSession(claims.uid, claims.v, meta);
  return encode({
    token: { sub: String(claims.uid), uid: claims.uid, v: claims.v, sid, name: claims.username },
    secret: env().SESSION_SECRET,
    maxAge: SESSION_MAX_AGE,
  });
}

export async function readSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: env().SESSION_SECRET });
    const uid = Number(payload?.uid);
    const v = Number(payload?.v ?? 0);
    // A token minted before sessions were rows has no sid: it signs in again once.
    const sid = typeof payload?.sid === "string" ? payload.sid : "";
    return Number.isInteger(uid) && uid > 0 && sid ? { uid, v, sid } : null;
  } catch {
    return null;
  }
}

export function readCookie(headers: Headers, name: string): string | undefined {
  const cookie = headers.get("cookie");
  if (!cookie) return undefined;
  for (const part of cookie.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}

// Path=/ and no Domain: what a __Host- cookie requires.
function cookieAttributes(maxAge: number): string {
  const secure = env().SESSION_COOKIE_SECURE ? "; Secure" : "";
  return `; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function sessionSetCookie(token: string): string {
  return `${sessionCookieName()}=${token}${cookieAttributes(SESSION_MAX_AGE)}`;
}

export function sessionClearCookie(): string {
  return `${sessionCookieName()}=${cookieAttributes(0)}`;
}
