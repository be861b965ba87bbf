// /app/me: the account overview (balance, stats, model tags, role,
// check-in, invite panel, profile and bindings, account actions) above the settings tabs
// (notification, price, other). Guarded by app/app/layout.tsx.
import { getTranslations } from "next-intl/server";
import { titleMetadata } from "@/components/layout/headed-page";
import { PageHeader } from "@/components/layout/page-container";
import { MeOverview } from "@/modules/profile/components/me-overview";
import { MeSettingsTabs } from "@/modules/profile/components/settings/me-settings-tabs";

export const generateMetadata = titleMetadata("me.title");

export default async function MePage() {
  const t = await getTranslations("me");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="flex flex-col gap-4">
        <MeOverview />
        <MeSettingsTabs />
      </div>
    </>
  );
}
