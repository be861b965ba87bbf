"use client";

// The add-user side panel: username, display name, password; 用户名和密码不能为空！
import { useTranslations } from "next-intl";
import { closeOnSuccess, useDraft } from "@/components/admin/form-state";
import { EntityDrawer } from "@/components/admin/entity-drawer";
import { DrawerForm } from "@/components/admin/drawer-form";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { useCreateUser } from "@/modules/users/client/hooks";
import { createUserSchema } from "@/modules/users/schemas/user-admin";
import { UserIdentityFields } from "@/modules/users/components/user-identity-fields";

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
  const { errors, check } = useSchemaCheck();
  const [values, patch] = useDraft(EMPTY);
  const create = useCreateUser();

  const submit = () => {
    const input = check(createUserSchema, values);
    if (!input) return;
    create.mutate(input, closeOnSuccess(onDone));
  };

  return (
    <DrawerForm
      onSubmit={submit}
      onCancel={onDone}
      loading={create.isPending}
      data-testid="add-user-form"
      submitTestId="add-user-submit"
    >
      <UserIdentityFields mode="add" values={values} errors={errors} onChange={patch} />
    </DrawerForm>
  );
}
