"use client";

import { Check, Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { setStoredValue } from "@/lib/client/storage";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/config";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The server picks the locale from this cookie (lib/i18n/request.ts), so a refresh re-renders in it. */
export function persistLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
  setStoredValue("language", locale);
}

export function LanguageMenu() {
  const t = useTranslations("shell.actions");
  const current = useLocale();
  const router = useRouter();

  const choose = (locale: Locale) => {
    if (locale === current) return;
    persistLocale(locale);
    router.refresh();
  };

  const options: { locale: Locale; label: string }[] = [
    { locale: "zh", label: t("language_zh") },
    { locale: "en", label: t("language_en") },
  ];

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          data-testid="language-menu"
          aria-label={t("language")}
          title={t("language")}
        >
          <Languages className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-32">
        {options.map((option) => (
          <DropdownMenuItem
            key={option.locale}
            data-testid={`language-${option.locale}`}
            onSelect={() => choose(option.locale)}
          >
            <span className="flex-1">{option.label}</span>
            {option.locale === current ? <Check className="h-4 w-4 text-primary" aria-hidden /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
