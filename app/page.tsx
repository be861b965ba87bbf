// Home (/): the admin's HomePageContent when set, otherwise the default landing hero.
import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { OptionContent } from "@/modules/content/components/content/option-content.server";
import { HomeHero } from "@/modules/content/components/home/home-hero";
import { getPageUser } from "@/lib/server/auth/page-user";
import { getOption } from "@/lib/server/options/store";

async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost";
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() || "http";
  return `${proto}://${host}`;
}

export default async function HomePage() {
  const [content, systemName, user, t] = await Promise.all([
    getOption("HomePageContent").catch(() => ""),
    getOption("SystemName").catch(() => ""),
    getPageUser(),
    getTranslations(),
  ]);
  if (content.trim()) return <OptionContent content={content} title={t("home.embedded_title")} />;
  return (
    <HomeHero
      systemName={systemName || t("shell.default_name")}
      requestOrigin={await requestOrigin()}
      loggedIn={!!user}
    />
  );
}
