import "server-only";

// Short-lived, single-use tickets carried by an HttpOnly cookie: a sign-in waiting for its second
// step, a WebAuthn challenge. The cookie holds a random token; the database (verification_codes, so
// every instance sees it) holds its hash and the ticket's data. Taking a ticket marks it used with a
// conditional update: exactly one caller gets it.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/server/db";
import { env } from "@/lib/env";
import { readCookie } from "@/lib/server/auth/session";
import { sha256Hex } from "@/lib/server/crypto/secret-box";

export type TicketPurpose = "login_2fa" | "webauthn_register" | "webauthn_login" | "webauthn_verify";

const COOKIE: Record<TicketPurpose, string> = {
  login_2fa: "gateway-2fa-pending",
  webauthn_register: "gateway-webauthn",
  webauthn_login: "gateway-webauthn",
  webauthn_verify: "gateway-webauthn",
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** __Host- with secure cookies, as the session cookie (no sibling subdomain can plant one). */
function cookieName(purpose: TicketPurpose): string {
  return env().SESSION_COOKIE_SECURE ? `__Host-${COOKIE[purpose]}` : COOKIE[purpose];
}

function cookie(purpose: TicketPurpose, value: string, maxAge: number): string {
  const secure = env().SESSION_COOKIE_SECURE ? "; Secure" : "";
  return `${cookieName(purpose)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** Stores a ticket; returns the Set-Cookie header that carries it. */
export async function issueTicket(purpose: TicketPurpose, payload: object, ttlSeconds: number): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const hash = sha256Hex(token);
  const now = nowSeconds();
  await db().verificationCode.deleteMany({ where: { expiresAt: { lt: now - 3600 } } });
  await db().verificationCode.create({
    data: {
      purpose,
      target: hash,
      codeHash: hash,
      payload: JSON.stringify(payload),
      expiresAt: now + ttlSeconds,
      createdAt: now,
    },
  });
  return cookie(purpose, token, ttlSeconds);
}

/** The ticket's data without using it up (a wrong second-step code may be retried), or null. */
export async function peekTicket<T>(purpose: TicketPurpose, headers: Headers): Promise<T | null> {
  const token = readCookie(headers, cookieName(purpose));
  if (!token || token.length > 64) return null;
  const row = await db().verificationCode.findFirst({
    where: { purpose, target: sha256Hex(token), usedAt: 0, expiresAt: { gt: nowSeconds() } },
    select: { payload: true },
  });
  return row ? (JSON.parse(row.payload) as T) : null;
}

/** Uses the ticket up; false when another request took it first or it expired. */
export async function takeTicket(purpose: TicketPurpose, headers: Headers): Promise<boolean> {
  const token = readCookie(headers, cookieName(purpose));
  if (!token || token.length > 64) return false;
  const now = nowSeconds();
  const res = await db().verificationCode.updateMany({
    where: { purpose, target: sha256Hex(token), usedAt: 0, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return res.count === 1;
}

export function clearTicketCookie(purpose: TicketPurpose): string {
  return cookie(purpose, "", 0);
}
