// /admin/coupons (the spec keeps the URL): redemption codes (spec 2 §2 "Redemption page"); the admin layout guards it.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RedemptionsPageClient } from "@/modules/redemptions/components/redemptions-page-client";
import { PageHeader } from "@/components/layout/page-container";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("redemptions");
  return { title: t("title") };
}

export default async function AdminRedemptionsPage() {
  const t = await getTranslations("redemptions");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <RedemptionsPageClient />
    </>
  );
}
