"use client";

// Secure verification before a sensitive action (new-api's SecureVerificationModal): a TOTP or
// backup code, or the password for an account with neither two-factor nor a passkey. On success
// the session holds a 5-minute verification and the action goes on.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useSecureVerify } from "@/modules/security/client/hooks";
import { verifyWithPasskey } from "@/modules/security/client/passkey-api";
import type { VerifyMethods } from "@/modules/security/client/api";

function VerifyForm({
  methods,
  close,
  onVerified,
}: {
  methods: VerifyMethods;
  close: () => void;
  onVerified: () => void;
}) {
  const t = useTranslations("security");
  const verify = useSecureVerify();
  const passkey = useMutation({
    mutationFn: verifyWithPasskey,
    onSuccess: () => {
      close();
      onVerified();
    },
  });
  const [value, setValue] = useState("");
  const byPassword = !methods.two_fa && methods.password;
  const submit = () => {
    if (!value) return;
    const body = byPassword
      ? { method: "password" as const, password: value }
      : { method: "2fa" as const, code: value.trim() };
    verify.mutate(body, {
      onSuccess: () => {
        close();
        onVerified();
      },
    });
  };
  return (
    <FormDialogContent
      title={t("verify_title")}
      description={byPassword ? t("verify_description_password") : t("verify_description_code")}
      onCancel={close}
      onSubmit={submit}
      submitLabel={t("verify_submit")}
      loading={verify.isPending}
      submitTestId="secure-verify-submit"
      data-testid="secure-verify"
    >
      {methods.passkey ? (
        <Button
          type="button"
          variant="outline"
          loading={passkey.isPending}
          onClick={() => passkey.mutate()}
          data-testid="secure-verify-passkey"
        >
          {t("verify_use_passkey")}
        </Button>
      ) : null}
      {byPassword ? (
        <TextField
          id="secure-verify-password"
          label={t("verify_password")}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : (
        <TextField
          id="secure-verify-code"
          label={t("code_label")}
          placeholder={t("code_placeholder")}
          autoComplete="one-time-code"
          maxLength={32}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
    </FormDialogContent>
  );
}

export function SecureVerifyDialog({
  methods,
  onOpenChange,
  onVerified,
}: {
  methods: VerifyMethods | null;
  onOpenChange: (open: boolean) => void;
  onVerified: () => void;
}) {
  // The dialog often opens from inside another form (the channel drawer, the password dialog): React
  // bubbles its submit through the portal to that form, which must not submit too.
  return (
    <div className="contents" onSubmit={(e) => e.stopPropagation()}>
      <FreshDialog open={methods !== null} onOpenChange={onOpenChange}>
        {(close) => (methods ? <VerifyForm methods={methods} close={close} onVerified={onVerified} /> : null)}
      </FreshDialog>
    </div>
  );
}
