// About (/about): the admin's About option when set, otherwise a short description of the gateway
// with our version and the update check.
import { Info } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UpdateCheck } from "@/modules/settings/components/update-check";
import { OptionContent } from "@/modules/content/components/content/option-content.server";
import { PageContainer } from "@/components/layout/page-container";
import { env } from "@/lib/env";
import { getOption } from "@/lib/server/options/store";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("home");
  return { title: t("about_title") };
}

export default async function AboutPage() {
  const [content, systemName, t] = await Promise.all([
    getOption("About").catch(() => ""),
    getOption("SystemName").catch(() => ""),
    getTranslations(),
  ]);
  if (content.trim()) return <OptionContent content={content} title={t("home.about_title")} />;
  const name = systemName || t("shell.default_name");
  return (
    <PageContainer className="max-w-3xl">
      <div className="rounded-xl border border-border bg-surface p-6 shadow-sm min-[601px]:p-8">
        <div className="mb-4 flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Info className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <h1 className="text-xl font-semibold tracking-tight">{t("home.about_title")}</h1>
            <p className="text-xs text-muted" data-testid="about-version">
              {t("home.about_version", { version: env().VERSION })}
            </p>
          </div>
        </div>
        <p className="leading-relaxed">{t("home.about_default_body", { name })}</p>
        <p className="mt-4 text-sm text-muted">{t("home.about_admin_hint")}</p>
        {/* Checked in the browser after the page is shown: an offline server still renders at once. */}
        <UpdateCheck auto />
      </div>
    </PageContainer>
  );
}
