// /app/tokens: the default landing page after login.
import { Info, TriangleAlert } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { titleMetadata } from "@/components/layout/headed-page";
import { PageHeader } from "@/components/layout/page-container";
import { TokensPageClient } from "@/modules/tokens/components/tokens-page-client";
import { Banner } from "@/components/ui/card";
import { getStatus } from "@/lib/server/site-status";

export const generateMetadata = titleMetadata("tokens.title");

export default async function TokensPage() {
  const t = await getTranslations("tokens");
  const status = await getStatus();
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="mb-4 flex flex-col gap-3">
        <Banner tone="warning" className="flex items-start gap-3" data-testid="tokens-usage-warning">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden />
          <div>
            <p className="font-medium">{t("usage_warning_title")}</p>
            <p className="mt-0.5 text-muted">{t("usage_warning")}</p>
          </div>
        </Banner>
        {status.log_chat_content_enabled ? (
          <Banner tone="info" className="flex items-start gap-3" data-testid="tokens-chat-log-notice">
            <Info className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
            <p>{t("chat_log_notice")}</p>
          </Banner>
        ) : null}
      </div>
      <TokensPageClient />
    </>
  );
}
