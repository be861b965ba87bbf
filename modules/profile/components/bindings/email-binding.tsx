"use client";

// Bind or change the account e-mail from /app/me: a dialog with the address, the
// mailed code (GET /api/verification, 30 s resend countdown) and submit (GET /api/oauth/email/bind).
// An address used by another account is refused by the server; the profile is re-read on success.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { VerificationCodeField } from "@/modules/auth/client";
import { Button } from "@/components/ui/button";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { TextField } from "@/components/ui/text-field";
import { useHumanCheck } from "@/components/use-human-check";
import { useBindEmail } from "@/modules/profile/client/use-bind-email";
import { bindEmailSchema } from "@/modules/auth/client";
import { useSecureAction } from "@/modules/security/client";

export function EmailBinding({ bound }: { bound: boolean }) {
  const t = useTranslations("mail_auth.bind");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="me-bind-email">
        {bound ? t("change") : t("bind")}
      </Button>
      <FreshDialog open={open} onOpenChange={setOpen}>
        {(close) => <EmailBindContent bound={bound} onClose={close} />}
      </FreshDialog>
    </>
  );
}

function EmailBindContent({ bound, onClose }: { bound: boolean; onClose: () => void }) {
  const t = useTranslations("mail_auth.bind");
  const humanCheck = useHumanCheck();
  const bind = useBindEmail();
  const secure = useSecureAction(); // changing the address needs a fresh verification (issue 40)
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const { errors, check, clear, setErrors } = useSchemaCheck();

  const submit = () => {
    const input = check(bindEmailSchema, { email, code });
    if (!input) return;
    void secure.guard(() =>
      bind.mutate(input, {
        onSuccess: (message) => {
          toast.success(message || t("success"));
          onClose();
        },
      }),
    );
  };

  return (
    <FormDialogContent
      title={bound ? t("change_title") : t("bind_title")}
      description={t("description")}
      onCancel={onClose}
      onSubmit={submit}
      loading={bind.isPending}
      submitTestId="bind-email-submit"
      formClassName="flex flex-col gap-3"
      data-testid="bind-email-form"
    >
      {secure.dialog}
      <TextField
        id="bind-email-input"
        type="email"
        autoComplete="email"
        label={t("email")}
        placeholder={t("email_placeholder")}
        value={email}
        error={errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          clear("email");
        }}
      />
      <VerificationCodeField
        idPrefix="bind-email"
        email={email}
        value={code}
        error={errors.code || undefined}
        onChange={(next) => {
          setCode(next);
          clear("code");
        }}
        onMissingEmail={() => setErrors((errs) => ({ ...errs, email: t("email_required") }))}
        humanCheck={humanCheck}
      />
      {humanCheck.widget ? <div className="flex justify-center">{humanCheck.widget}</div> : null}
    </FormDialogContent>
  );
}
