// /app/dashboard: usage over time from the hourly aggregate (spec 1 §2 side nav; §9.4).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardClient } from "@/modules/logs/components/dashboard/dashboard-client";
import { PageHeader } from "@/components/layout/page-container";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

export default async function DashboardPage() {
  const t = await getTranslations("dashboard");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DashboardClient />
    </>
  );
}
