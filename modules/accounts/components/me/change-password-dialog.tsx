"use client";

// Password change (spec 1 §5: 两次输入的密码不一致！): current password, new password, confirmation.
// The server revokes other sessions and re-issues this one, so the user stays signed in here.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { changePasswordFormSchema, type ChangePasswordForm } from "@/modules/accounts/client/account/forms";
import { useUpdateSelf } from "@/modules/accounts/client/account/use-account-actions";
import { useFieldErrors } from "@/modules/accounts/client/auth/form-issues";

const EMPTY: ChangePasswordForm = { original_password: "", password: "", password2: "" };

export function ChangePasswordDialog({
  open,
  onOpenChange,
  hasPassword = true,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  hasPassword?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <ChangePasswordContent hasPassword={hasPassword} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ChangePasswordContent({ onClose, hasPassword }: { onClose: () => void; hasPassword: boolean }) {
  const t = useTranslations("me");
  const tc = useTranslations("common");
  const fieldErrors = useFieldErrors();
  const update = useUpdateSelf();
  const [form, setForm] = useState<ChangePasswordForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof ChangePasswordForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = () => {
    const parsed = changePasswordFormSchema(hasPassword).safeParse(form);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error);
      setErrors(next);
      const first = Object.values(next)[0];
      if (first) toast.error(first);
      return;
    }
    setErrors({});
    update.mutate(
      { original_password: parsed.data.original_password, password: parsed.data.password },
      {
        onSuccess: (message) => {
          toast.success(message);
          onClose();
        },
      },
    );
  };

  return (
    <DialogContent
      title={t("change_password")}
      description={t("change_password_description")}
      closeLabel={tc("close")}
      footer={
        <DialogActions
          onCancel={onClose}
          onSubmit={submit}
          loading={update.isPending}
          submitTestId="me-password-submit"
        />
      }
    >
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {hasPassword ? (
          <TextField
            id="me-password-original"
            type="password"
            autoComplete="current-password"
            label={t("original_password")}
            value={form.original_password}
            error={errors.original_password}
            onChange={set("original_password")}
          />
        ) : null}
        <TextField
          id="me-password-new"
          type="password"
          autoComplete="new-password"
          label={t("new_password")}
          hint={t("new_password_hint")}
          value={form.password}
          error={errors.password}
          onChange={set("password")}
        />
        <TextField
          id="me-password-confirm"
          type="password"
          autoComplete="new-password"
          label={t("confirm_password")}
          value={form.password2}
          error={errors.password2}
          onChange={set("password2")}
        />
        {/* Enter submits from any field */}
        <button type="submit" hidden />
      </form>
    </DialogContent>
  );
}
