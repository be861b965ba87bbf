"use client";

// Sign-in buttons for GitHub, OIDC and LinuxDO, each shown when /api/status enables it. A click
// asks for a state (with the invite code the register page kept) and leaves for the provider; the
// provider sends the browser back to /oauth/{provider}, which finishes the sign-in.
import { useTranslations } from "next-intl";
import { ProviderIcon } from "@/modules/auth/components/provider-icons";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { useStartOAuth } from "@/modules/auth/client/oauth/use-oauth";
import { OAUTH_PROVIDER_LABEL, type OAuthProviderId } from "@/modules/auth/oauth-providers";
import type { StatusData } from "@/lib/server/site-status";

export function enabledOAuthProviders(status: StatusData): OAuthProviderId[] {
  const enabled: Record<OAuthProviderId, boolean> = {
    github: status.github_oauth,
    oidc: status.oidc_enabled,
    linuxdo: status.linuxdo_oauth,
  };
  return (Object.keys(enabled) as OAuthProviderId[]).filter((p) => enabled[p]);
}

export function OAuthLoginButtons() {
  const t = useTranslations("oauth");
  const { status } = useSite();
  const start = useStartOAuth();
  const providers = enabledOAuthProviders(status);
  if (providers.length === 0) return null;
  const leaving = start.isPending ? start.variables?.provider : undefined;
  return (
    <div className="flex flex-col gap-2" data-testid="oauth-login-buttons">
      {providers.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          loading={leaving === provider}
          disabled={start.isPending}
          onClick={() =>
            start.mutate({ provider, returnTo: new URLSearchParams(window.location.search).get("returnTo") })
          }
          data-testid={`oauth-login-${provider}`}
        >
          {leaving === provider ? null : <ProviderIcon provider={provider} />}
          {t("continue_with", { provider: OAUTH_PROVIDER_LABEL[provider] })}
        </Button>
      ))}
    </div>
  );
}
