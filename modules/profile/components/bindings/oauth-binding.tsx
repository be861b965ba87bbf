"use client";

// Bind a GitHub, OIDC or LinuxDO account to the signed-in user: the same provider round trip as
// the sign-in buttons, started while signed in, so the callback binds instead of signing in. A bound
// row offers to unbind instead (refused by the server when it is the account's only way in).
import { useTranslations } from "next-intl";
import { UnbindButton } from "@/modules/profile/components/bindings/unbind-button";
import { Button } from "@/components/ui/button";
import { useStartOAuth } from "@/modules/auth/client";
import { OAUTH_PROVIDER_LABEL, type OAuthProviderId } from "@/modules/auth/client";

export function OAuthBinding({ provider, bound }: { provider: OAuthProviderId; bound: boolean }) {
  const t = useTranslations("oauth");
  const start = useStartOAuth();
  if (bound) return <UnbindButton provider={provider} label={OAUTH_PROVIDER_LABEL[provider]} />;
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
