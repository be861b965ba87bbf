// /pricing: the public model price list (spec 2 §2 "Model pricing").
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-container";
import { PricingClient } from "@/modules/pricing/components/pricing-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("pricing");
  return { title: t("title") };
}

export default async function PricingPage() {
  const t = await getTranslations("pricing");
  return (
    <PageContainer>
      <PageHeader title={t("title")} description={t("description")} />
      <PricingClient />
    </PageContainer>
  );
}
