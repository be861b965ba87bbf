import "server-only";

// Server-side texts (errors and successes of /api calls) come from the same catalogues as the UI
// (messages/{zh,en}.json, namespace "server"), in the caller's language.
import { catalogues as all } from "@/messages";
import { defaultLocale, isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from "@/lib/i18n/config";

export type ServerMessageKey = keyof typeof all.en.server;

const catalogues: Record<Locale, Record<string, string>> = { zh: all.zh.server, en: all.en.server };

export function serverMessage(
  locale: Locale,
  key: ServerMessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = catalogues[locale][key] ?? catalogues[defaultLocale][key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export function localeOfRequest(headers: Headers): Locale {
  const cookie = headers.get("cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`));
  const fromCookie = match?.[1];
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(headers.get("accept-language"));
}

/** localeOfRequest for node:http headers (the relay): cookie, else Accept-Language. */
export function localeOfNodeHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Locale {
  const h = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const v = headers[name];
    if (typeof v === "string") h.set(name, v);
  }
  return localeOfRequest(h);
}
