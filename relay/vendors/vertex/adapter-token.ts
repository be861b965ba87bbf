import "server-only";

// Service-account JSON key -> OAuth2 access token (developers.google.com/identity/protocols/oauth2/service-account):
// an RS256 JWT {iss: client_email, scope: cloud-platform, aud: token_uri, iat, exp} signed with the
// key's private key (jose) is POSTed as grant_type=jwt-bearer to token_uri. Tokens are cached per key
// until a minute before expiry; concurrent requests share one exchange. token_uri is admin-set, so it
// goes through the same outbound address guard as channel URLs.
import { createHash } from "node:crypto";
import { SignJWT, importPKCS8 } from "jose";
import { request } from "undici";
import { assertChannelTarget, channelAgent } from "@/lib/server/net/channel-address";
import { relayError } from "@/relay/kernel/error-codes";
import { discardBody } from "@/lib/server/net/discard-body";

export const VERTEX_SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const DEFAULT_TOKEN_URI = "https://oauth2.googleapis.com/token";
const REFRESH_EARLY_MS = 60_000;
const MAX_TOKEN_BODY = 64 * 1024;
const MAX_CACHE = 1000;

export type ServiceAccount = {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id?: string;
  token_uri: string;
};

/** The service account of a channel key (a JSON document), or a channel_config_missing error. */
export function parseServiceAccount(key: string): ServiceAccount {
  let j: Record<string, unknown> = {};
  try {
    const v = JSON.parse(key) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) j = v as Record<string, unknown>;
  } catch {
    /* reported below */
  }
  const str = (k: string) => (typeof j[k] === "string" ? (j[k] as string) : undefined);
  const email = str("client_email");
  const pk = str("private_key");
  if (!email || !pk)
    throw relayError("channel_config_missing", {
      detail: "a Google service-account JSON key (client_email, private_key)",
    });
  return {
    client_email: email,
    private_key: pk,
    private_key_id: str("private_key_id"),
    project_id: str("project_id"),
    token_uri: str("token_uri") || DEFAULT_TOKEN_URI,
  };
}

/** The signed JWT assertion of one token exchange. */
export async function signAssertion(sa: ServiceAccount, nowSec = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await importPKCS8(sa.private_key, "RS256");
  return new SignJWT({ scope: VERTEX_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(sa.private_key_id ? { kid: sa.private_key_id } : {}) })
    .setIssuer(sa.client_email)
    .setAudience(sa.token_uri)
    .setIssuedAt(nowSec)
    .setExpirationTime(nowSec + 3600)
    .sign(key);
}

type Io = { signal: AbortSignal; allowPrivate: boolean };
type Entry = { token: Promise<string>; expiresAt: number };
const cache = new Map<string, Entry>();

async function exchange(sa: ServiceAccount, io: Io): Promise<{ token: string; ttlMs: number }> {
  assertChannelTarget(sa.token_uri, io.allowPrivate);
  const assertion = await signAssertion(sa);
  const res = await request(sa.token_uri, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
    signal: io.signal,
    dispatcher: channelAgent(io.allowPrivate),
  });
  let text = "";
  for await (const chunk of res.body) {
    text += (chunk as Buffer).toString("utf8");
    if (text.length > MAX_TOKEN_BODY) {
      discardBody(res.body);
      break;
    }
  }
  let j: { access_token?: unknown; expires_in?: unknown } = {};
  try {
    j = JSON.parse(text) as typeof j;
  } catch {
    /* reported below */
  }
  if (res.statusCode !== 200 || typeof j.access_token !== "string" || !j.access_token)
    throw new Error(`Vertex token exchange failed (HTTP ${res.statusCode})`);
  const expiresIn = typeof j.expires_in === "number" && j.expires_in > 0 ? j.expires_in : 3600;
  return { token: j.access_token, ttlMs: expiresIn * 1000 };
}

/** A cached access token for the key, exchanged when absent or within a minute of expiry. */
export async function vertexAccessToken(sa: ServiceAccount, io: Io, now = Date.now): Promise<string> {
  const id = createHash("sha256").update(`${sa.client_email}\n${sa.token_uri}\n${sa.private_key}`).digest("hex");
  const hit = cache.get(id);
  if (hit && hit.expiresAt - REFRESH_EARLY_MS > now()) return hit.token;
  if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value as string);
  const pending = exchange(sa, io);
  // Until the answer arrives, concurrent callers share this exchange.
  const entry: Entry = { token: pending.then((r) => r.token), expiresAt: Number.POSITIVE_INFINITY };
  entry.token.catch(() => undefined); // the failure is reported to this caller below
  cache.set(id, entry);
  try {
    const r = await pending;
    entry.expiresAt = now() + r.ttlMs;
    return r.token;
  } catch (err) {
    if (cache.get(id) === entry) cache.delete(id);
    throw err;
  }
}

/** Test hook: forget every cached token. */
export function clearVertexTokens(): void {
  cache.clear();
}
