import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResetConfirmForm } from "@/modules/auth/components/reset-confirm-form";
import { firstParam, type PageSearchParams } from "@/lib/page-search-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("mail_auth.confirm");
  // the URL carries the reset token: never leak it to other hosts (an admin-set logo, links)
  return { title: t("meta_title"), referrer: "no-referrer" };
}

export default async function ResetConfirmPage({ searchParams }: { searchParams: PageSearchParams }) {
  const params = await searchParams;
  return <ResetConfirmForm email={firstParam(params.email) ?? ""} token={firstParam(params.token) ?? ""} />;
}
