import { cookies, headers } from "next/headers";
import { hasLocale } from "next-intl";
import { getRequestConfig } from "next-intl/server";
import { catalogues } from "@/messages";
import { LOCALE_COOKIE, locales, localeFromAcceptLanguage } from "@/lib/i18n/config";

export default getRequestConfig(async () => {
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = hasLocale(locales, fromCookie)
    ? fromCookie
    : localeFromAcceptLanguage((await headers()).get("accept-language"));
  return {
    locale,
    messages: catalogues[locale],
  };
});
