"use client";

// Hooks of the OAuth flows: leaving for the provider (sign-in and bind buttons) and the callback
// page's single call.
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { toast } from "sonner";
import { useSite } from "@/components/providers/site-context";
import { describeError } from "@/lib/client/describe-error";
import { completeOAuth } from "@/modules/auth/client/oauth/api";
import { OAuthNotConfigured, startOAuth } from "@/modules/auth/client/oauth/start-oauth";
import { OAUTH_PROVIDER_LABEL, type OAuthProviderId } from "@/modules/auth/oauth-providers";

type StartInput = { provider: OAuthProviderId; returnTo?: string | null; bind?: boolean };

/** Starts a provider round trip (sign in, or bind when signed in). Stays pending while the page leaves. */
export function useStartOAuth() {
  const { status } = useSite();
  const t = useTranslations("oauth");
  const te = useTranslations("errors");
  const mutation = useMutation({
    mutationFn: async (v: StartInput) => {
      await startOAuth(v.provider, status, v);
      await new Promise<void>(() => undefined); // the browser is on its way to the provider
    },
    meta: { silent: true },
    onError: (err) =>
      toast.error(
        err instanceof OAuthNotConfigured
          ? t("not_configured", { provider: OAUTH_PROVIDER_LABEL[err.provider] })
          : describeError(err, te),
      ),
  });
  const { reset } = mutation;
  useEffect(() => {
    // Back from the provider through the back/forward cache: the page is live again.
    const onShow = (e: PageTransitionEvent) => e.persisted && reset();
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [reset]);
  return mutation;
}

/** The callback page's call; it shows a failure itself (the message, then the operation-failed notice). */
export function useCompleteOAuth() {
  return useMutation({
    mutationFn: (v: { provider: OAuthProviderId; code: string; state: string }) =>
      completeOAuth(v.provider, v.code, v.state),
    meta: { silent: true },
  });
}
