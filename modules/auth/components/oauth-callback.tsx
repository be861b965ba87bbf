"use client";

// The OAuth callback page: a processing spinner while GET /api/oauth/{provider} runs.
// - message "bind": 绑定成功！ and on to /admin/settings.
// - otherwise: the returned user is stored, 登录成功！, and a full navigation to the page the
//   sign-in started from (returnTo) or /app/tokens.
// - failure: the message, then the operation-failed notice, then /admin/settings.
// /admin/settings refuses everyone but admins, so the others go to /app/me instead (where a binding
// shows; a visitor who is not signed in is then asked to log in and comes back there).
import { CircleAlert, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { AuthShell } from "@/modules/auth/components/auth-shell";
import { useSite } from "@/components/providers/site-context";
import { ApiError } from "@/lib/client/api";
import { describeError } from "@/lib/client/describe-error";
import { safeReturnTo } from "@/modules/auth/client/safe-return-to";
import { hardNavigate } from "@/lib/client/navigate";
import { takeOAuthReturnTo } from "@/modules/auth/client/oauth/start-oauth";
import { useCompleteOAuth } from "@/modules/auth/client/oauth/use-oauth";
import { setStoredUser } from "@/lib/client/storage";
import { ROLE } from "@/lib/constants";
import { OAUTH_PROVIDER_LABEL, type OAuthProviderId } from "@/modules/auth/oauth-providers";

/** How long the failure notice stays before the redirect. */
export const FAILURE_REDIRECT_MS = 2000;

export function OAuthCallback({
  provider,
  code,
  state,
  providerError,
}: {
  provider: OAuthProviderId;
  code: string;
  state: string;
  /** The provider's own refusal (?error=…), e.g. the visitor denied access. */
  providerError: string;
}) {
  const t = useTranslations("oauth");
  const te = useTranslations("errors");
  const { user } = useSite();
  const complete = useCompleteOAuth();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const label = OAUTH_PROVIDER_LABEL[provider];
  const settingsPage = user && user.role >= ROLE.admin ? "/admin/settings" : "/app/me";

  useEffect(() => {
    // Strict mode mounts twice in development; a state can be used once.
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => {
      toast.error(message);
      setFailed(true);
      window.setTimeout(() => hardNavigate(settingsPage), FAILURE_REDIRECT_MS);
    };
    if (providerError) return fail(t("provider_refused", { provider: label, message: providerError }));
    complete.mutate(
      { provider, code, state },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === "bind") {
            toast.success(t("bind_success"));
            hardNavigate(settingsPage);
            return;
          }
          setStoredUser(outcome.user);
          toast.success(t("login_success"));
          hardNavigate(safeReturnTo(takeOAuthReturnTo()));
        },
        // The callback shows the server's reason, also on a 403
        // (a stale state, a banned account), where the generic text would hide what to do.
        onError: (err) =>
          fail(
            err instanceof ApiError && err.kind === "forbidden" && !err.challenge && err.message
              ? te("generic", { message: err.message })
              : describeError(err, te),
          ),
      },
    );
  }, [complete, code, label, provider, providerError, settingsPage, state, t, te]);

  return (
    <AuthShell title={t("callback_title", { provider: label })}>
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="oauth-callback">
        {failed ? (
          <CircleAlert aria-hidden className="h-8 w-8 text-danger" />
        ) : (
          <Loader2 aria-hidden className="h-8 w-8 animate-spin text-primary" />
        )}
        <p
          role="status"
          className={failed ? "text-sm text-danger" : "text-sm text-muted"}
          data-testid="oauth-callback-prompt"
        >
          {failed ? t("failed_redirecting") : t("processing")}
        </p>
      </div>
    </AuthShell>
  );
}
