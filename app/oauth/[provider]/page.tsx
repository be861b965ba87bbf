import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { OAuthCallback } from "@/modules/auth/components/oauth-callback";
import { firstParam, type PageSearchParams } from "@/lib/page-search-params";
import { isOAuthProviderId, OAUTH_PROVIDER_LABEL } from "@/modules/auth/oauth-providers";

type Params = Promise<{ provider: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { provider } = await params;
  const t = await getTranslations("oauth");
  return {
    title: t("callback_title", { provider: isOAuthProviderId(provider) ? OAUTH_PROVIDER_LABEL[provider] : "" }),
  };
}

// /oauth/{github|oidc|linuxdo}: where the provider sends the browser back.
export default async function OAuthCallbackPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: PageSearchParams;
}) {
  const { provider } = await params;
  if (!isOAuthProviderId(provider)) notFound();
  const query = await searchParams;
  return (
    <OAuthCallback
      provider={provider}
      code={firstParam(query.code) ?? ""}
      state={firstParam(query.state) ?? ""}
      providerError={firstParam(query.error_description) || firstParam(query.error) || ""}
    />
  );
}
