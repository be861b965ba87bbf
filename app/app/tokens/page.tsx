// /app/tokens: the default landing page after login (spec 2 §2 "Tokens page").
import { TriangleAlert } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-container";
import { Banner } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tokens");
  return { title: t("title") };
}

export default async function TokensPage() {
  const t = await getTranslations("tokens");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Banner tone="warning" className="flex items-start gap-3" data-testid="tokens-usage-warning">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden />
        <div>
          <p className="font-medium">{t("usage_warning_title")}</p>
          <p className="mt-0.5 text-muted">{t("usage_warning")}</p>
        </div>
      </Banner>
    </>
  );
}
