import "server-only";

// OAuth `state` values (GET /api/oauth/state): random, single use, valid ten minutes, kept hashed in
// verification_codes (purpose "oauth_state") with what the callback needs (login or bind, the
// binding user, the invite code, the provider). Each state is also tied to the browser that asked
// for it through an HttpOnly SameSite=Lax cookie: a state (or a whole callback URL) replayed from
// another browser is refused, so nobody can sign a victim into the attacker's account (login CSRF)
// or bind the attacker's provider account to the victim.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { readCookie } from "@/lib/server/auth/session";
import { OAUTH_PROVIDERS } from "@/modules/auth/oauth-providers";

export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
const PURPOSE = "oauth_state";

const payloadSchema = z.object({
  mode: z.enum(["login", "bind"]),
  uid: z.number().int().min(0),
  aff: z.string(),
  provider: z.union([z.enum(OAUTH_PROVIDERS), z.literal("")]),
});
export type OAuthStatePayload = z.infer<typeof payloadSchema>;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const now = () => Math.floor(Date.now() / 1000);

export function browserCookieName(): string {
  return env().SESSION_COOKIE_SECURE ? "__Secure-oauth-browser" : "oauth-browser";
}

/** The browser's binding key from its cookie (undefined when absent or malformed). */
export function readBrowserKey(headers: Headers): string | undefined {
  const value = readCookie(headers, browserCookieName());
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

export function newBrowserKey(): string {
  return randomBytes(32).toString("base64url");
}

/** Refreshes the browser cookie for the lifetime of the newest state; only /api/oauth reads it. */
export function browserSetCookie(key: string): string {
  const secure = env().SESSION_COOKIE_SECURE ? "; Secure" : "";
  return `${browserCookieName()}=${key}; Path=/api/oauth; HttpOnly; SameSite=Lax; Max-Age=${OAUTH_STATE_TTL_SECONDS}${secure}`;
}

/** Stores a new state for this browser and returns it (16 URL-safe characters, 96 random bits). */
export async function issueOAuthState(browserKey: string, payload: OAuthStatePayload): Promise<string> {
  const state = randomBytes(12).toString("base64url");
  const t = now();
  // Housekeeping: states nobody came back with.
  await db().verificationCode.deleteMany({ where: { purpose: PURPOSE, expiresAt: { lt: t } } });
  await db().verificationCode.create({
    data: {
      purpose: PURPOSE,
      target: sha256(state),
      codeHash: sha256(browserKey),
      payload: JSON.stringify(payloadSchema.parse(payload)),
      expiresAt: t + OAUTH_STATE_TTL_SECONDS,
      createdAt: t,
    },
  });
  return state;
}

/**
 * Uses up a state presented by this browser: its payload, or null when the state is empty, unknown,
 * expired, already used or issued to another browser. The conditional update lets exactly one of
 * two concurrent callbacks through.
 */
export async function consumeOAuthState(
  state: string,
  browserKey: string | undefined,
): Promise<OAuthStatePayload | null> {
  if (!state || !browserKey) return null;
  const row = await db().verificationCode.findFirst({ where: { purpose: PURPOSE, target: sha256(state) } });
  const t = now();
  if (!row || row.usedAt !== 0 || row.expiresAt <= t) return null;
  const expected = Buffer.from(row.codeHash, "hex");
  const presented = Buffer.from(sha256(browserKey), "hex");
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return null;
  const used = await db().verificationCode.updateMany({ where: { id: row.id, usedAt: 0 }, data: { usedAt: t } });
  if (used.count !== 1) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(row.payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
