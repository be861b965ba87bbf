"use client";

// Password change (两次输入的密码不一致！): current password, new password, confirmation.
// The server revokes other sessions and re-issues this one, so the user stays signed in here.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { changePasswordFormSchema, type ChangePasswordForm } from "@/modules/profile/client/forms";
import { useUpdateSelf } from "@/modules/profile/client/use-account-actions";
import { useSecureAction } from "@/modules/security/client";

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
    <FreshDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <ChangePasswordContent hasPassword={hasPassword} onClose={close} />}
    </FreshDialog>
  );
}

function ChangePasswordContent({ onClose, hasPassword }: { onClose: () => void; hasPassword: boolean }) {
  const t = useTranslations("me");
  const update = useUpdateSelf();
  const secure = useSecureAction(); // with 2FA or a passkey, a fresh verification first (issue 40)
  const [form, setForm] = useState<ChangePasswordForm>(EMPTY);
  const { errors, check } = useSchemaCheck();
  // Every field is a password box bound to its value and error the same way.
  const bind = (field: keyof ChangePasswordForm) => ({
    type: "password",
    value: form[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value })),
  });

  const submit = () => {
    const input = check(changePasswordFormSchema(hasPassword), form);
    if (!input) return;
    const change = () =>
      update.mutate(
        { original_password: input.original_password, password: input.password },
        {
          onSuccess: (message) => {
            toast.success(message);
            onClose();
          },
        },
      );
    void secure.guard(change, { passwordChecked: true });
  };

  return (
    <FormDialogContent
      title={t("change_password")}
      description={t("change_password_description")}
      onCancel={onClose}
      onSubmit={submit}
      loading={update.isPending}
      submitTestId="me-password-submit"
      formClassName="flex flex-col gap-3"
    >
      {secure.dialog}
      {hasPassword ? (
        <TextField
          id="me-password-original"
          autoComplete="current-password"
          label={t("original_password")}
          {...bind("original_password")}
        />
      ) : null}
      <TextField
        id="me-password-new"
        autoComplete="new-password"
        label={t("new_password")}
        hint={t("new_password_hint")}
        {...bind("password")}
      />
      <TextField
        id="me-password-confirm"
        autoComplete="new-password"
        label={t("confirm_password")}
        {...bind("password2")}
      />
    </FormDialogContent>
  );
}
