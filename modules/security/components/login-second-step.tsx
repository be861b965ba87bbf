"use client";

// The sign-in's second step (POST /api/user/login/2fa): shown by the login form when the password
// step answers require_2fa; a TOTP code or a backup code signs in.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { loginSecondStep } from "@/modules/security/client/api";
import type { StoredUser } from "@/lib/client/storage";
import { PasskeySignIn } from "@/modules/security/components/passkey-sign-in";

export function LoginSecondStep({
  onSignedIn,
  onBack,
}: {
  onSignedIn: (user: StoredUser) => void;
  onBack: () => void;
}) {
  const t = useTranslations("security");
  const [code, setCode] = useState("");
  const step = useMutation({ mutationFn: loginSecondStep, onSuccess: onSignedIn });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim() && !step.isPending) step.mutate(code.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="login-2fa">
      <div>
        <h2 className="font-semibold">{t("second_step_title")}</h2>
        <p className="text-sm text-muted">{t("second_step_description")}</p>
      </div>
      <TextField
        id="login-2fa-code"
        label={t("code_label")}
        placeholder={t("code_placeholder")}
        autoComplete="one-time-code"
        maxLength={32}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="lg" onClick={onBack} data-testid="login-2fa-back">
          {t("second_step_back")}
        </Button>
        <Button type="submit" size="lg" className="flex-1" loading={step.isPending} data-testid="login-2fa-submit">
          {t("second_step_submit")}
        </Button>
      </div>
      <PasskeySignIn onSignedIn={onSignedIn} />
    </form>
  );
}
