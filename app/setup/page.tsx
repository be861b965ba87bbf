import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SetupWizard } from "@/modules/auth/components/setup-wizard";
import { getSetupStatus, type SetupStatus } from "@/modules/auth/server/setup/get-setup-status";

// Setup state changes at run time (and needs the database), so never prerender this page.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.setup");
  return { title: t("meta_title") };
}

export default async function SetupPage() {
  // If the database cannot be read here, the wizard retries from the browser and reports it.
  const status: SetupStatus | null = await getSetupStatus().catch(() => null);
  if (status?.status) redirect("/");
  return <SetupWizard initialStatus={status} />;
}
