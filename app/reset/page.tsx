import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResetRequestForm } from "@/modules/auth/components/reset-request-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mail_auth.reset");
  return { title: t("meta_title") };
}

export default function ResetPage() {
  return <ResetRequestForm />;
}
