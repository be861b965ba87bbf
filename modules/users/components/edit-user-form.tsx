"use client";

// Edit a user: username, display name, new password (at least 8, blank keeps it),
// group (GET /api/group/), remark; bound accounts read-only; quota moved with QuotaAdjust.
import { useTranslations } from "next-intl";
import { closeOnSuccess, useDraft } from "@/components/admin/form-state";
import { DrawerForm } from "@/components/admin/drawer-form";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import { UserIdentityFields } from "@/modules/users/components/user-identity-fields";
import { QuotaAdjust } from "@/modules/users/components/quota-adjust";
import type { AdminUser } from "@/modules/users/client/api";
import { AdminSecondFactors } from "@/modules/security/client";
import { useGroupNames } from "@/modules/channels/client";
import { useUpdateUser, useUser } from "@/modules/users/client/hooks";
import { adminUpdateUserSchema } from "@/modules/users/schemas/account";

const BINDINGS = ["email", "github_id", "oidc_id", "wechat_id", "telegram_id", "linux_do_id"] as const;

export function EditUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const t = useTranslations("users");
  const live = useUser(user.id).data ?? user;
  const groups = useGroupNames();
  const update = useUpdateUser();
  const { errors, check } = useSchemaCheck();
  const [values, patch] = useDraft({
    username: user.username,
    display_name: user.display_name,
    password: "",
    group: user.group,
    remark: user.remark,
  });
  const groupNames = groups.data ?? [];
  const groupOptions = (groupNames.includes(values.group) ? groupNames : [values.group, ...groupNames]).map((g) => ({
    value: g,
    label: g,
  }));

  const submit = () => {
    const input = check(adminUpdateUserSchema, { id: user.id, ...values });
    if (!input) return;
    update.mutate(input, closeOnSuccess(onDone));
  };

  return (
    <div className="flex flex-col gap-5">
      <DrawerForm
        onSubmit={submit}
        onCancel={onDone}
        submitLabel={t("save")}
        loading={update.isPending}
        data-testid="edit-user-form"
        submitTestId="edit-user-submit"
      >
        <UserIdentityFields mode="edit" values={values} errors={errors} onChange={patch} />
        <Field id="edit-user-group" label={t("group")} error={errors.group}>
          <Select
            id="edit-user-group"
            value={values.group}
            onValueChange={(group) => patch({ group })}
            options={groupOptions}
            aria-label={t("group")}
            data-testid="edit-user-group"
          />
        </Field>
        <TextField
          id="edit-user-remark"
          label={t("remark")}
          placeholder={t("remark_placeholder")}
          value={values.remark}
          error={errors.remark}
          onChange={(e) => patch({ remark: e.target.value })}
        />
      </DrawerForm>

      <QuotaAdjust user={live} />
      <AdminSecondFactors userId={live.id} username={live.username} />

      <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid="edit-user-bindings">
        <legend className="px-1 text-sm font-semibold">{t("bindings")}</legend>
        <p className="text-xs text-muted">{t("bindings_hint")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {BINDINGS.map((b) => (
            <Field key={b} id={`edit-user-${b}`} label={t(`binding_${b}`)}>
              <Input id={`edit-user-${b}`} value={live[b]} placeholder={t("not_bound")} readOnly disabled />
            </Field>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
