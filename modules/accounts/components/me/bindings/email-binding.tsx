"use client";

// Bind or change the account e-mail from /app/me (spec 1 §5, §7): a dialog with the address, the
// mailed code (GET /api/verification, 30 s resend countdown) and submit (GET /api/oauth/email/bind).
// An address used by another account is refused by the server; the profile is re-read on success.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { VerificationCodeField } from "@/modules/accounts/components/auth/verification-code-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { TextField } from "@/components/ui/text-field";
import { useFieldErrors } from "@/modules/accounts/client/auth/form-issues";
import { useHumanCheck } from "@/modules/accounts/client/auth/use-human-check";
import { useBindEmail } from "@/modules/accounts/client/mail-auth/use-bind-email";
import { bindEmailSchema } from "@/modules/accounts/schemas/mail-auth";

export function EmailBinding({ bound }: { bound: boolean }) {
  const t = useTranslations("mail_auth.bind");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="me-bind-email">
        {bound ? t("change") : t("bind")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <EmailBindContent bound={bound} onClose={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

function EmailBindContent({ bound, onClose }: { bound: boolean; onClose: () => void }) {
  const t = useTranslations("mail_auth.bind");
  const tc = useTranslations("common");
  const fieldErrors = useFieldErrors();
  const humanCheck = useHumanCheck();
  const bind = useBindEmail();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = bindEmailSchema.safeParse({ email, code });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error);
      setErrors(next);
      const first = Object.values(next)[0];
      if (first) toast.error(first);
      return;
    }
    setErrors({});
    bind.mutate(parsed.data, {
      onSuccess: (message) => {
        toast.success(message || t("success"));
        onClose();
      },
    });
  };

  return (
    <DialogContent
      title={bound ? t("change_title") : t("bind_title")}
      description={t("description")}
      closeLabel={tc("close")}
      footer={
        <DialogActions onCancel={onClose} onSubmit={submit} loading={bind.isPending} submitTestId="bind-email-submit" />
      }
    >
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="bind-email-form"
      >
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
            setErrors((errs) => ({ ...errs, email: "" }));
          }}
        />
        <VerificationCodeField
          idPrefix="bind-email"
          email={email}
          value={code}
          error={errors.code || undefined}
          onChange={(next) => {
            setCode(next);
            setErrors((errs) => ({ ...errs, code: "" }));
          }}
          onMissingEmail={() => setErrors((errs) => ({ ...errs, email: t("email_required") }))}
          humanCheck={humanCheck}
        />
        {humanCheck.widget ? <div className="flex justify-center">{humanCheck.widget}</div> : null}
        <button type="submit" hidden />
      </form>
    </DialogContent>
  );
}
