import "server-only";

// Who is calling the relay, from memory: the sk- token (Authorization: Bearer, x-api-key on
// /v1/messages and /v1/models, x-goog-api-key or ?key= on Gemini paths), its owner, and the group
// the call is billed under. Status codes as new-api's: 401 for a missing, unknown, disabled, expired
// or exhausted key; 403 for a refused IP, a banned owner or a group the owner may not use.
// Invalid-key sprays: unknown keys are counted per client address (RELAY_AUTH_FAILURE_LIMIT per
// RELAY_AUTH_FAILURE_WINDOW, in Redis with REDIS_URL so the limit holds across instances); past the
// limit an unknown key is answered 429. A blocked address never reaches the database: keys no cache
// knows are refused before the lookup, while a token the cache already holds keeps working (one
// misconfigured client behind a shared address does not lock out its neighbours' working keys).
// The playground's caller is the console session instead (sessionCaller), and keys may be refused
// from browser extensions (refuseBrowserExtension).
import type { IncomingMessage } from "node:http";
import { ROLE, TOKEN_STATUS, USER_STATUS } from "@/lib/constants";
import { getOptions, type ReadonlyOptions } from "@/lib/server/options/store";
import { ipAllowed } from "@/lib/server/cache/ip-allow-list";
import { getTokenByKey, getUser, markTokenStatus, type CachedUser } from "@/lib/server/cache/token-cache";
import { readCookie, readSessionToken, sessionCookieName } from "@/lib/server/auth/session";
import { liveSession } from "@/lib/server/auth/session-store";
import { db } from "@/lib/server/db";
import { isCrossSite } from "@/lib/server/http/same-site";
import { AppError } from "@/lib/server/http/app-error";
import { blockedFor, consume } from "@/lib/server/http/rate-limit";
import { localeOfNodeHeaders } from "@/lib/server/i18n/server-messages";
import { relayError } from "@/relay/kernel/error-codes";
import type { RelayCaller } from "@/relay/kernel/context";

type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

export function extractKey(req: IncomingMessage, path: string, query: URLSearchParams): string {
  const h = req.headers;
  let key = "";
  if ((path.startsWith("/v1/messages") || path.startsWith("/v1/models")) && typeof h["x-api-key"] === "string")
    key = h["x-api-key"];
  if (path.startsWith("/v1beta/models") || path.startsWith("/v1beta/openai/models") || path.startsWith("/v1/models/")) {
    key = query.get("key") || key;
    if (typeof h["x-goog-api-key"] === "string") key = h["x-goog-api-key"];
  }
  if (!key && typeof h.authorization === "string") key = h.authorization.replace(/^bearer\s+/i, "").trim();
  // midjourney-proxy clients send the key as mj-api-secret (Authorization may be a placeholder).
  if ((!key || key === "midjourney-proxy") && typeof h["mj-api-secret"] === "string") key = h["mj-api-secret"].trim();
  return key;
}

const unauthorized = (message: string) => relayError("invalid_api_key", { detail: message });
const forbidden = (message: string, code = "access_denied") =>
  relayError("token_denied", { detail: message }, { code });

/** The groups a user may bill under: UserUsableGroups plus the user's own group. */
export function usableGroups(user: CachedUser, options: ReadonlyOptions): Set<string> {
  const groups = new Set(Object.keys(options.json("UserUsableGroups", {})));
  groups.add(user.group);
  return groups;
}

/** The failure limiter's verdict as a relay error: 429 when blocked, 503 when Redis is down. */
async function failureLimit(check: () => Promise<number>, headers: RequestHeaders): Promise<void> {
  let wait: number;
  try {
    wait = await check();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw relayError("auth_unavailable", {}, { locale: localeOfNodeHeaders(headers) });
  }
  if (wait > 0) throw relayError("too_many_invalid_keys", { seconds: wait }, { locale: localeOfNodeHeaders(headers) });
}

/**
 * readOnly (GET /api/usage/token, /api/log/token, like new-api's TokenAuthReadOnly): an expired or
 * exhausted token may still read its own balance and logs; a disabled one may not.
 */
export async function authenticateToken(
  rawKey: string,
  ip: string,
  headers: RequestHeaders = {},
  opts: { readOnly?: boolean } = {},
): Promise<RelayCaller> {
  if (!rawKey) throw unauthorized("No API key provided (use Authorization: Bearer sk-...)");
  const [keyPart, pinPart] = rawKey.replace(/^sk-/, "").split("-");
  const token = keyPart
    ? await getTokenByKey(keyPart, () => failureLimit(() => blockedFor("relay_auth_failures", ip), headers))
    : null;
  if (!token) {
    // Only keys that match nothing count: a deleted token is a real (revoked) key, cached like any
    // other, and a client still using one should not block its address.
    await failureLimit(() => consume("relay_auth_failures", ip), headers);
    throw unauthorized("Invalid API key");
  }
  if (token.deleted) throw unauthorized("Invalid API key");
  if (token.status === TOKEN_STATUS.disabled) throw unauthorized("This token is disabled");
  if (!opts.readOnly) {
    if (token.status === TOKEN_STATUS.expired) throw unauthorized("This token has expired");
    if (token.status === TOKEN_STATUS.exhausted) throw unauthorized("This token's quota is exhausted");
  }
  if (
    token.status !== TOKEN_STATUS.enabled &&
    !(opts.readOnly && (token.status === TOKEN_STATUS.expired || token.status === TOKEN_STATUS.exhausted))
  )
    throw unauthorized("This token is not available");
  if (!opts.readOnly && token.expiredTime !== -1 && token.expiredTime < Date.now() / 1000) {
    markTokenStatus(token.id, TOKEN_STATUS.expired);
    throw unauthorized("This token has expired");
  }
  if (!ipAllowed(token.allowIps, ip)) throw forbidden(`Your IP ${ip} is not in this token's allow list`);

  const user = await getUser(token.userId);
  if (!user || user.deleted) throw unauthorized("Invalid API key");
  if (user.status !== USER_STATUS.enabled) throw forbidden("The owner of this token is banned", "user_banned");
  // Reading a balance bills nothing: the group and channel pin do not matter.
  if (opts.readOnly) return { token, user, group: user.group, channelPin: null };

  const options = await getOptions();
  let group = user.group;
  if (token.group) {
    if (!usableGroups(user, options).has(token.group)) throw forbidden(`No access to group ${token.group}`);
    const ratios = options.json("GroupRatio", {});
    if (!Object.hasOwn(ratios, token.group) && token.group !== "auto")
      throw forbidden(`Group ${token.group} is deprecated`);
    group = token.group;
  }

  let channelPin: number | null = null;
  if (pinPart !== undefined) {
    if (user.role < ROLE.admin) throw forbidden("Ordinary users cannot pin a channel", "channel_pin_forbidden");
    channelPin = Number(pinPart);
    if (!Number.isInteger(channelPin) || channelPin <= 0) throw relayError("invalid_channel_id");
  }
  return { token, user, group, channelPin };
}

/** The playground authenticates with the console session, not a token (a user role at least). */
export async function sessionCaller(req: IncomingMessage): Promise<RelayCaller> {
  const headers = new Headers();
  for (const name of ["cookie", "origin", "referer", "host", "x-forwarded-host"]) {
    const v = req.headers[name];
    if (typeof v === "string") headers.set(name, v);
  }
  // Cookie-authenticated: refuse cross-site requests like every console write.
  if (isCrossSite(headers)) throw relayError("cross_site");
  const claims = await readSessionToken(readCookie(headers, sessionCookieName()));
  if (!claims) throw relayError("session_expired");
  const row = await db().user.findUnique({ where: { id: claims.uid }, select: { authVersion: true } });
  const user = await getUser(claims.uid);
  if (!user || user.deleted || !row || row.authVersion !== claims.v) throw relayError("session_expired");
  if (!(await liveSession(claims.sid, claims.uid, claims.v))) throw relayError("session_expired");
  if (user.status !== USER_STATUS.enabled) throw relayError("user_banned");
  const claimed = req.headers["new-api-user"];
  if (typeof claimed === "string" && claimed && Number(claimed) !== user.id) throw relayError("user_mismatch");
  if (user.role < ROLE.user) throw relayError("forbidden");
  return { token: null, user, group: user.group, channelPin: null };
}

const EXTENSION_ORIGIN = /^(chrome|moz|safari-web|ms-browser)-extension:\/\//i;

/** global.block_browser_extension_enabled: keys must not be used from browser extensions. */
export async function refuseBrowserExtension(req: IncomingMessage): Promise<void> {
  const origin = req.headers.origin;
  if (typeof origin !== "string" || !EXTENSION_ORIGIN.test(origin)) return;
  if (!(await getOptions()).bool("global.block_browser_extension_enabled")) return;
  throw relayError("browser_extension");
}
