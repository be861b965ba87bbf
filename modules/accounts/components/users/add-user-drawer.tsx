"use client";

// The add-user side panel (spec 1 §2, §5): username, display name, password; 用户名和密码不能为空！
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DrawerContent } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { useFieldErrors, useIssueText } from "@/modules/accounts/client/auth/form-issues";
import { useCreateUser } from "@/modules/accounts/client/users/hooks";
import { createUserSchema } from "@/modules/accounts/schemas/user-admin";

const EMPTY = { username: "", display_name: "", password: "" };

export function AddUserDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("users");
  const tc = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DrawerContent side="left" title={t("add_user")} closeLabel={tc("close")}>
        {open ? <AddUserForm onDone={onClose} /> : null}
      </DrawerContent>
    </Dialog>
  );
}

function AddUserForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("users");
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldErrors = useFieldErrors();
  const issueText = useIssueText();
  const create = useCreateUser();

  const submit = () => {
    const parsed = createUserSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.error(issueText(parsed.error.issues[0]!.message));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (message) => {
        toast.success(message);
        onDone();
      },
    });
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="add-user-form"
    >
      <TextField
        id="add-user-username"
        label={t("username")}
        placeholder={t("username_placeholder")}
        value={values.username}
        autoComplete="off"
        error={errors.username}
        onChange={(e) => setValues({ ...values, username: e.target.value })}
      />
      <TextField
        id="add-user-display-name"
        label={t("display_name")}
        placeholder={t("display_name_placeholder")}
        value={values.display_name}
        error={errors.display_name}
        onChange={(e) => setValues({ ...values, display_name: e.target.value })}
      />
      <TextField
        id="add-user-password"
        type="password"
        label={t("password")}
        placeholder={t("password_placeholder")}
        hint={t("password_hint")}
        value={values.password}
        autoComplete="new-password"
        error={errors.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="add-user-submit">
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
