// Chat links: the Chats option is a JSON list of {"<app name>": "<url>"}
// objects; /chat/{index} embeds entry `index`, with {key} replaced by the user's first enabled token
// and {address} by the server address (URL-encoded, as new-api does). The legacy ChatLink option
// (/chat2link) points at a NextChat deployment and gets new-api's settings fragment appended.

import { withSkPrefix } from "@/lib/token-key";

export type ChatLinkResult = { ok: true; url: string } | { ok: false };

/** The /chat/{id?} segment as a Chats index: no segment is the first entry; anything else must be a plain index. */
export function parseChatIndex(segments: string[] | undefined): number | null {
  if (!segments || segments.length === 0) return 0;
  if (segments.length > 1 || !/^\d{1,4}$/.test(segments[0]!)) return null;
  return Number(segments[0]);
}

/** The URL template of entry `index`; the entry's name is its first key, as in the side navigation. */
export function chatTemplate(chats: unknown, index: number): string | null {
  if (!Array.isArray(chats)) return null;
  const entry: unknown = chats[index];
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return null;
  const first = Object.values(entry as Record<string, unknown>)[0];
  return typeof first === "string" && first.trim() ? first.trim() : null;
}

/** Only web pages may be framed or opened: a javascript: or data: link would run in the console. */
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** The ServerAddress option's default: a site that never set it is not really served there. */
const DEFAULT_SERVER_ADDRESS = "http://localhost:3000";

/**
 * {address}: the configured ServerAddress (new-api's getServerAddress), else the console's own
 * origin. The untouched default counts as unset, so chat apps are not pointed at localhost.
 */
export function chatServerAddress(configured: string, origin: string): string {
  const address = configured.trim().replace(/\/+$/, "");
  return address && address !== DEFAULT_SERVER_ADDRESS ? address : origin;
}

export function fillChatTemplate(template: string, key: string, address: string): string {
  return template.replaceAll("{address}", encodeURIComponent(address)).replaceAll("{key}", withSkPrefix(key));
}

export function resolveChatLink(chats: unknown, index: number | null, key: string, address: string): ChatLinkResult {
  if (index === null) return { ok: false };
  const template = chatTemplate(chats, index);
  if (!template) return { ok: false };
  const url = fillChatTemplate(template, key, address);
  return isWebUrl(url) ? { ok: true, url } : { ok: false };
}

/** Whether the configuration can give a link at all (checked before asking for a token). */
export function hasChatTemplate(chats: unknown, index: number | null): boolean {
  return index !== null && chatTemplate(chats, index) !== null;
}

/**
 * /chat2link: the ChatLink option in new-api's NextChat form when it is set, otherwise the first
 * Chats entry.
 */
export function resolveChat2Link(chatLink: string, chats: unknown, key: string, address: string): ChatLinkResult {
  const base = chatLink.trim().replace(/\/+$/, "");
  if (!base) return resolveChatLink(chats, 0, key, address);
  const url = `${base}/#/?settings={"key":"${withSkPrefix(key)}","url":"${encodeURIComponent(address)}"}`;
  return isWebUrl(url) ? { ok: true, url } : { ok: false };
}

export function hasChat2LinkTemplate(chatLink: string, chats: unknown): boolean {
  return chatLink.trim() !== "" || hasChatTemplate(chats, 0);
}
