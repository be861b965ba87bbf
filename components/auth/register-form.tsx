"use client";

// Account registration (spec 1 §2 "Register"). With email verification on, the form also asks for
// an email address and the code mailed to it. An invite code from ?aff= rides along unseen.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { AuthShell } from "@/components/auth/auth-shell";
import { VerificationCodeField } from "@/components/auth/verification-code-field";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useFieldErrors } from "@/lib/client/auth/form-issues";
import { registerFormSchema, type RegisterFormValues } from "@/lib/client/auth/register-form-schema";
import { useRegister } from "@/lib/client/auth/use-register";

type FieldName = keyof RegisterFormValues;

export function RegisterForm({ affCode = "" }: { affCode?: string }) {
  const t = useTranslations("auth.register");
  const { status } = useSite();
  const router = useRouter();
  const registerMutation = useRegister();
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
    registerMutation.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t("success"));
        setLeaving(true);
        router.push("/login");
      },
    });
  };

  const footer = (
    <span>
      {t("has_account")}{" "}
      <Link href="/login" className="font-medium text-primary hover:underline" data-testid="register-login-link">
        {t("login_link")}
      </Link>
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

  const inputProps = (field: FieldName, id: string) => ({
    id,
    value: values[field] ?? "",
    onChange: update(field),
    "aria-invalid": !!errors[field],
    "aria-describedby": errors[field] ? `${id}-error` : undefined,
  });

  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <input type="hidden" name="aff_code" value={values.aff_code} data-testid="register-aff" />
        <Field id="register-username" label={t("username")} error={errors.username}>
          <Input
            {...inputProps("username", "register-username")}
            data-testid="register-username"
            autoComplete="username"
            placeholder={t("username_placeholder")}
          />
        </Field>
        <Field id="register-password" label={t("password")} hint={t("password_hint")} error={errors.password}>
          <Input
            {...inputProps("password", "register-password")}
            data-testid="register-password"
            type="password"
            autoComplete="new-password"
            placeholder={t("password_placeholder")}
          />
        </Field>
        <Field id="register-confirm" label={t("confirm_password")} error={errors.password2}>
          <Input
            {...inputProps("password2", "register-confirm")}
            data-testid="register-confirm"
            type="password"
            autoComplete="new-password"
            placeholder={t("confirm_placeholder")}
          />
        </Field>
        {emailVerification ? (
          <>
            <Field id="register-email" label={t("email")} error={errors.email}>
              <Input
                {...inputProps("email", "register-email")}
                data-testid="register-email"
                type="email"
                autoComplete="email"
                placeholder={t("email_placeholder")}
              />
            </Field>
            <VerificationCodeField
              email={values.email ?? ""}
              value={values.verification_code ?? ""}
              error={errors.verification_code}
              onChange={(code) => setField("verification_code", code)}
              onMissingEmail={() => setErrors((errs) => ({ ...errs, email: t("email_required") }))}
            />
          </>
        ) : null}
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
