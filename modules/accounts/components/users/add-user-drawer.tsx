"use client";

// The add-user side panel (spec 1 §2, §5): username, display name, password; 用户名和密码不能为空！
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { EntityDrawer } from "@/components/admin/entity-drawer";
import { DrawerForm } from "@/components/admin/drawer-form";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { TextField } from "@/components/ui/text-field";
import { useCreateUser } from "@/modules/accounts/client/users/hooks";
import { createUserSchema } from "@/modules/accounts/schemas/user-admin";

const EMPTY = { username: "", display_name: "", password: "" };

export function AddUserDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("users");
  return (
    <EntityDrawer open={open} side="left" title={t("add_user")} onClose={onClose}>
      {open ? <AddUserForm onDone={onClose} /> : null}
    </EntityDrawer>
  );
}

function AddUserForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("users");
  const [values, setValues] = useState(EMPTY);
  const { errors, check } = useSchemaCheck();
  const create = useCreateUser();
  const set = (field: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: e.target.value });

  const submit = () => {
    const input = check(createUserSchema, values);
    if (!input) return;
    create.mutate(input, {
      onSuccess: (message) => {
        toast.success(message);
        onDone();
      },
    });
  };

  return (
    <DrawerForm
      onSubmit={submit}
      onCancel={onDone}
      loading={create.isPending}
      data-testid="add-user-form"
      submitTestId="add-user-submit"
    >
      <TextField
        id="add-user-username"
        label={t("username")}
        placeholder={t("username_placeholder")}
        value={values.username}
        autoComplete="off"
        error={errors.username}
        onChange={set("username")}
      />
      <TextField
        id="add-user-display-name"
        label={t("display_name")}
        placeholder={t("display_name_placeholder")}
        value={values.display_name}
        error={errors.display_name}
        onChange={set("display_name")}
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
        onChange={set("password")}
      />
    </DrawerForm>
  );
}
