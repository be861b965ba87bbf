"use client";

// Bind a GitHub, OIDC or LinuxDO account to the signed-in user: the same provider round trip as
// the sign-in buttons, started while signed in, so the callback binds instead of signing in. Shown
// only while nothing is bound for that provider (the row shows the bound id otherwise). There is
// no unbinding: the spec has no such call, and a bound provider may be the account's only way in.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useStartOAuth } from "@/lib/client/oauth/use-oauth";
import { OAUTH_PROVIDER_LABEL, type OAuthProviderId } from "@/lib/oauth/providers";

export function OAuthBinding({ provider, bound }: { provider: OAuthProviderId; bound: boolean }) {
  const t = useTranslations("oauth");
  const start = useStartOAuth();
  if (bound) return null;
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      loading={start.isPending}
      onClick={() => start.mutate({ provider, bind: true })}
      aria-label={t("bind_aria", { provider: OAUTH_PROVIDER_LABEL[provider] })}
      data-testid={`me-bind-${provider}`}
    >
      {t("bind")}
    </Button>
  );
}
