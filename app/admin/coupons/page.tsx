// /admin/coupons: redemption codes (spec 2 §2 "Redemption page"); the admin layout guards it.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CouponsPageClient } from "@/components/coupons/coupons-page-client";
import { PageHeader } from "@/components/layout/page-container";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("coupons");
  return { title: t("title") };
}

export default async function AdminCouponsPage() {
  const t = await getTranslations("coupons");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <CouponsPageClient />
    </>
  );
}
