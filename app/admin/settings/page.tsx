// /admin/settings: system options in five tabs; admins only (layout).
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { titleMetadata } from "@/components/layout/headed-page";
import { PageHeader } from "@/components/layout/page-container";
import { SettingsPageClient } from "@/modules/settings/components/settings-page-client";

export const generateMetadata = titleMetadata("settings.title");

export default async function SettingsPage() {
  const t = await getTranslations("settings");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Suspense>
        <SettingsPageClient />
      </Suspense>
    </>
  );
}
