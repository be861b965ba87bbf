"use client";

// Password login. After success the browser does a full navigation, so server
// components render again with the new session cookie.
import { TextField } from "@/components/ui/text-field";
import { AppLink } from "@/components/ui/app-link";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { AuthShell, FormAlert } from "@/modules/auth/components/auth-shell";
import { DefaultPasswordDialog } from "@/modules/auth/components/default-password-dialog";
import { OtherLogins } from "@/modules/auth/components/other-logins";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { useIssueText } from "@/lib/client/form-issues";
import { useHumanCheck } from "@/components/use-human-check";
import { safeReturnTo } from "@/modules/auth/client/safe-return-to";
import { useLogin } from "@/modules/auth/client/use-login";
import { setStoredUser, type StoredUser } from "@/lib/client/storage";
import { loginSchema, type LoginInput } from "@/modules/users/client";
import { hardNavigate } from "@/lib/client/navigate";
import { LoginSecondStep, PasskeySignIn } from "@/modules/security/client";

// The factory credentials of a seeded root account; logging in with them earns a warning.
const DEFAULT_ROOT = { username: "root", password: "123456" };

export function LoginForm({ returnTo, expired }: { returnTo?: string; expired?: boolean }) {
  const t = useTranslations("auth.login");
  const { status } = useSite();
  const th = useTranslations("im_auth.human_check");
  const login = useLogin();
  const humanCheck = useHumanCheck();
  const issueText = useIssueText();
  const [values, setValues] = useState<LoginInput>({ username: "", password: "" });
  const [error, setError] = useState<string | null>(null);
  const [warnDefaultPassword, setWarnDefaultPassword] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [secondStep, setSecondStep] = useState(false);
  const expiredShown = useRef(false);
  const target = safeReturnTo(returnTo);

  useEffect(() => {
    // Strict mode mounts twice in development; the notice must appear once.
    if (!expired || expiredShown.current) return;
    expiredShown.current = true;
    toast.error(t("expired"));
  }, [expired, t]);

  const update = (field: keyof LoginInput) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setError(null);
  };

  const goOn = () => {
    setLeaving(true);
    hardNavigate(target);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending || leaving) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setError(issueText(parsed.error.issues[0]?.message ?? "login_required_fields"));
      return;
    }
    if (!humanCheck.ready) {
      setError(th("not_ready"));
      return;
    }
    setError(null);
    login.mutate(
      { ...parsed.data, turnstile: humanCheck.token },
      {
        // a Turnstile token is single-use: ask for a fresh one whatever the outcome
        onSettled: humanCheck.reset,
        onSuccess: (user) => {
          // two-factor on: no session yet, the code comes next (POST /api/user/login/2fa)
          if ((user as { require_2fa?: boolean }).require_2fa) return setSecondStep(true);
          signedIn(user, parsed.data);
        },
      },
    );
  };

  const signedIn = (user: StoredUser, credentials?: LoginInput) => {
    setStoredUser(user);
    toast.success(t("success"));
    const isDefault =
      credentials?.username === DEFAULT_ROOT.username && credentials?.password === DEFAULT_ROOT.password;
    if (isDefault) setWarnDefaultPassword(true);
    else goOn();
  };

  const showRegister = status.register_enabled && !status.self_use_mode_enabled;
  const footer = showRegister ? (
    <span>
      {t("no_account")}{" "}
      <AppLink href="/register" className="font-medium text-primary hover:underline" data-testid="login-register-link">
        {t("register_link")}
      </AppLink>
    </span>
  ) : null;

  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")} footer={footer}>
      {secondStep ? (
        <LoginSecondStep onSignedIn={(user) => signedIn(user)} onBack={() => setSecondStep(false)} />
      ) : !status.password_login_enabled ? (
        <Banner tone="info" data-testid="login-password-disabled">
          <p className="font-semibold">{t("password_login_disabled_title")}</p>
          <p className="mt-1 text-muted">{t("password_login_disabled_body")}</p>
        </Banner>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {error ? <FormAlert>{error}</FormAlert> : null}
          <TextField
            id="login-username"
            label={t("username")}
            invalid={!!error && !values.username.trim()}
            autoComplete="username"
            placeholder={t("username_placeholder")}
            value={values.username}
            onChange={update("username")}
          />
          <TextField
            id="login-password"
            label={t("password")}
            invalid={!!error && !values.password}
            type="password"
            autoComplete="current-password"
            placeholder={t("password_placeholder")}
            value={values.password}
            onChange={update("password")}
          />
          <div className="flex justify-end">
            <AppLink href="/reset" className="text-sm text-primary hover:underline" data-testid="login-forgot-link">
              {t("forgot_password")}
            </AppLink>
          </div>
          {humanCheck.widget}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={login.isPending || leaving}
            data-testid="login-submit"
          >
            {t("submit")}
          </Button>
        </form>
      )}
      {secondStep ? null : <PasskeySignIn onSignedIn={(user) => signedIn(user)} />}
      <OtherLogins />
      <DefaultPasswordDialog open={warnDefaultPassword} onContinue={goOn} />
    </AuthShell>
  );
}
