// Who is calling the relay, from memory: the sk- token (Authorization: Bearer, x-api-key on
// /v1/messages and /v1/models, x-goog-api-key or ?key= on Gemini paths), its owner, and the group
// the call is billed under. Status codes follow server-behaviour §1.3.
import type { IncomingMessage } from "node:http";
import { ROLE, USER_STATUS } from "@/lib/constants";
import { getOptions, parseJsonOption } from "@/lib/server/options/store";
import { ipAllowed } from "@/lib/server/relay/cache/ip-allow-list";
import { getTokenByKey, getUser, type CachedToken, type CachedUser } from "@/lib/server/relay/cache/token-cache";
import { RelayError } from "@/lib/server/relay/errors";
import { db } from "@/lib/server/db";
import { invalidateToken } from "@/lib/server/relay/cache/token-cache";

export type RelayCaller = { token: CachedToken | null; user: CachedUser; group: string; channelPin: number | null };

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

const unauthorized = (message: string) =>
  new RelayError(401, message, { type: "authentication_error", code: "invalid_api_key" });
const forbidden = (message: string, code = "access_denied") =>
  new RelayError(403, message, { type: "permission_error", code });

function markTokenStatus(tokenId: number, status: 3 | 4): void {
  void db()
    .token.update({ where: { id: tokenId }, data: { status } })
    .then(() => invalidateToken(tokenId))
    .catch(() => undefined);
}

/** The groups a user may bill under: UserUsableGroups plus the user's own group. */
export function usableGroups(user: CachedUser, options: ReadonlyMap<string, string>): Set<string> {
  const groups = new Set(
    Object.keys(parseJsonOption<Record<string, string>>(options.get("UserUsableGroups") ?? "{}", {})),
  );
  groups.add(user.group);
  return groups;
}

export async function authenticateToken(rawKey: string, ip: string): Promise<RelayCaller> {
  if (!rawKey) throw unauthorized("No API key provided (use Authorization: Bearer sk-...)");
  const [keyPart, pinPart] = rawKey.replace(/^sk-/, "").split("-");
  const token = keyPart ? await getTokenByKey(keyPart) : null;
  if (!token || token.deleted) throw unauthorized("Invalid API key");
  if (token.status === 2) throw unauthorized("This token is disabled");
  if (token.status === 3) throw unauthorized("This token has expired");
  if (token.status === 4) throw unauthorized("This token's quota is exhausted");
  if (token.status !== 1) throw unauthorized("This token is not available");
  if (token.expiredTime !== -1 && token.expiredTime < Date.now() / 1000) {
    markTokenStatus(token.id, 3);
    throw unauthorized("This token has expired");
  }
  if (!ipAllowed(token.allowIps, ip)) throw forbidden(`Your IP ${ip} is not in this token's allow list`);

  const user = await getUser(token.userId);
  if (!user || user.deleted) throw unauthorized("Invalid API key");
  if (user.status !== USER_STATUS.enabled) throw forbidden("The owner of this token is banned", "user_banned");

  const options = await getOptions();
  let group = user.group;
  if (token.group) {
    if (!usableGroups(user, options).has(token.group)) throw forbidden(`No access to group ${token.group}`);
    const ratios = parseJsonOption<Record<string, number>>(options.get("GroupRatio") ?? "{}", {});
    if (!(token.group in ratios) && token.group !== "auto") throw forbidden(`Group ${token.group} is deprecated`);
    group = token.group;
  }

  let channelPin: number | null = null;
  if (pinPart !== undefined) {
    if (user.role < ROLE.admin) throw forbidden("Ordinary users cannot pin a channel", "channel_pin_forbidden");
    channelPin = Number(pinPart);
    if (!Number.isInteger(channelPin) || channelPin <= 0)
      throw new RelayError(400, "Invalid channel ID", { type: "invalid_request_error", code: "invalid_channel_id" });
  }
  return { token, user, group, channelPin };
}

export function exhaustedToken(tokenId: number): void {
  markTokenStatus(tokenId, 4);
}
