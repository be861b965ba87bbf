"use client";

// Account registration. With email verification on, the form also asks for
// an email address and the code mailed to it. An invite code from ?aff= rides along unseen.
import { TextField } from "@/components/ui/text-field";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { AuthShell } from "@/modules/auth/components/auth-shell";
import { VerificationCodeField } from "@/modules/auth/components/verification-code-field";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { useFieldErrors } from "@/lib/client/form-issues";
import { useHumanCheck } from "@/components/use-human-check";
import { registerFormSchema, type RegisterFormValues } from "@/modules/auth/client/register-form-schema";
import { useRegister } from "@/modules/auth/client/use-register";

type FieldName = keyof RegisterFormValues;

export function RegisterForm({ affCode = "" }: { affCode?: string }) {
  const t = useTranslations("auth.register");
  const { status } = useSite();
  const router = useRouter();
  const th = useTranslations("im_auth.human_check");
  const registerMutation = useRegister();
  const humanCheck = useHumanCheck();
  const toFieldErrors = useFieldErrors();
  const emailVerification = status.email_verification;
  const [values, setValues] = useState<RegisterFormValues>({
    username: "",
    password: "",
    password2: "",
    email: "",
    verification_code: "",
    aff_code: affCode,
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [leaving, setLeaving] = useState(false);

  const setField = (field: FieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };
  const update = (field: FieldName) => (e: ChangeEvent<HTMLInputElement>) => setField(field, e.target.value);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (registerMutation.isPending || leaving) return;
    const parsed = registerFormSchema({ emailVerification }).safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    if (!humanCheck.ready) {
      toast.error(th("not_ready"));
      return;
    }
    registerMutation.mutate(
      { ...parsed.data, turnstile: humanCheck.token },
      {
        // a Turnstile token is single-use: ask for a fresh one whatever the outcome
        onSettled: humanCheck.reset,
        onSuccess: () => {
          toast.success(t("success"));
          setLeaving(true);
          router.push("/login");
        },
      },
    );
  };

  const footer = (
    <span>
      {t("has_account")}{" "}
      <AppLink href="/login" className="font-medium text-primary hover:underline" data-testid="register-login-link">
        {t("login_link")}
      </AppLink>
    </span>
  );

  const closedNotice = !status.register_enabled
    ? t("closed_body")
    : !status.password_register_enabled
      ? t("password_closed_body")
      : null;
  if (closedNotice) {
    return (
      <AuthShell title={t("closed_title")} footer={footer}>
        <Banner tone="info" data-testid="register-closed">
          {closedNotice}
        </Banner>
      </AuthShell>
    );
  }

  const fieldProps = (field: FieldName) => ({
    value: values[field] ?? "",
    onChange: update(field),
    error: errors[field],
  });

  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="aff_code" value={values.aff_code} data-testid="register-aff" />
        <TextField
          id="register-username"
          label={t("username")}
          {...fieldProps("username")}
          autoComplete="username"
          placeholder={t("username_placeholder")}
        />
        <TextField
          id="register-password"
          label={t("password")}
          hint={t("password_hint")}
          {...fieldProps("password")}
          type="password"
          autoComplete="new-password"
          placeholder={t("password_placeholder")}
        />
        <TextField
          id="register-confirm"
          label={t("confirm_password")}
          {...fieldProps("password2")}
          type="password"
          autoComplete="new-password"
          placeholder={t("confirm_placeholder")}
        />
        {emailVerification ? (
          <>
            <TextField
              id="register-email"
              label={t("email")}
              {...fieldProps("email")}
              type="email"
              autoComplete="email"
              placeholder={t("email_placeholder")}
            />
            <VerificationCodeField
              email={values.email ?? ""}
              value={values.verification_code ?? ""}
              error={errors.verification_code}
              onChange={(code) => setField("verification_code", code)}
              onMissingEmail={() => setErrors((errs) => ({ ...errs, email: t("email_required") }))}
              humanCheck={humanCheck}
            />
          </>
        ) : null}
        {humanCheck.widget}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={registerMutation.isPending || leaving}
          data-testid="register-submit"
        >
          {t("submit")}
        </Button>
      </form>
    </AuthShell>
  );
}
