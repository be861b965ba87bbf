"use client";

// The "or sign in with" block under the password form: a divider, then the OAuth buttons and the
// WeChat / Telegram entries. Hidden when no provider is enabled in /api/status.
import { useTranslations } from "next-intl";
import { ImLogin } from "@/modules/auth/components/im-login";
import { OAuthLoginButtons } from "@/modules/auth/components/oauth-login-buttons";
import { useSite } from "@/components/providers/site-context";

export function OtherLogins() {
  const t = useTranslations("auth.login");
  const { status } = useSite();
  const any =
    status.github_oauth || status.oidc_enabled || status.linuxdo_oauth || status.wechat_login || status.telegram_oauth;
  if (!any) return null;
  return (
    <div className="mt-6 flex flex-col gap-3" data-testid="other-logins">
      <div className="flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-border" />
        {t("or_continue_with")}
        <span className="h-px flex-1 bg-border" />
      </div>
      <OAuthLoginButtons />
      <ImLogin />
    </div>
  );
}
