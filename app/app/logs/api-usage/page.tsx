// /app/logs/api-usage: usage logs (spec 2 §2 Logs); admins see everyone's.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-container";
import { UsageLogsClient } from "@/modules/logs/components/usage/usage-logs-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("logs");
  return { title: t("title") };
}

export default async function UsageLogsPage() {
  const t = await getTranslations("logs");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <UsageLogsClient />
    </>
  );
}
