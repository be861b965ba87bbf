// Locale helpers (lib/i18n/config.ts): zh by default, en when English is the first preference.
import { defaultLocale, isLocale, localeFromAcceptLanguage } from "@/lib/i18n/config";

test("defaults to zh", () => {
  expect(defaultLocale).toBe("zh");
  expect(localeFromAcceptLanguage(null)).toBe("zh");
  expect(localeFromAcceptLanguage("")).toBe("zh");
});

test.each([
  ["en", "en"],
  ["en-US,en;q=0.9", "en"],
  ["EN-gb", "en"],
  ["  en-US , zh;q=0.5", "en"],
  ["zh-CN,zh;q=0.9,en;q=0.8", "zh"],
  ["zh-TW", "zh"],
  ["fr-FR,en;q=0.5", "zh"],
  ["*", "zh"],
])("Accept-Language %p -> %p", (header, locale) => {
  expect(localeFromAcceptLanguage(header)).toBe(locale);
});

test("isLocale accepts only the supported locales", () => {
  expect(isLocale("zh")).toBe(true);
  expect(isLocale("en")).toBe(true);
  expect(isLocale("fr")).toBe(false);
  expect(isLocale(undefined)).toBe(false);
  expect(isLocale(1)).toBe(false);
});
