"use client";

// The create (left) / edit (right) token drawer with every token field.
import { useTranslations } from "next-intl";
import { closeOnSuccess, useDraft } from "@/components/admin/form-state";
import { CrudDrawer, type EntityDrawerState, type EntityFormProps } from "@/components/admin/entity-drawer";
import { DrawerForm } from "@/components/admin/drawer-form";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { useSite } from "@/components/providers/site-context";
import { TokenFormFields } from "@/modules/tokens/components/token-form-fields";
import { useCreateTokens, useToken, useUpdateToken } from "@/modules/tokens/client/hooks";
import {
  batchNames,
  emptyTokenForm,
  tokenFormInput,
  tokenFormSchemas,
  tokenToForm,
  type TokenFormValues,
} from "@/modules/tokens/client/token-form";

export function TokenDrawer({ state, onClose }: { state: EntityDrawerState; onClose: () => void }) {
  const t = useTranslations("tokens");
  const existing = useToken(state?.mode === "edit" ? state.id : null);
  return (
    <CrudDrawer
      state={state}
      onClose={onClose}
      titles={{ create: t("drawer_create"), edit: t("drawer_edit") }}
      ready={existing.data !== undefined}
      values={{ entity: existing.data, toForm: tokenToForm, empty: emptyTokenForm }}
    >
      {(form) => <TokenForm {...form} />}
    </CrudDrawer>
  );
}

function TokenForm({ mode, editId, initial, onDone }: EntityFormProps<TokenFormValues>) {
  const t = useTranslations("tokens");
  const { status } = useSite();
  const { errors, check, clear } = useSchemaCheck();
  const [values, patch] = useDraft(initial, clear);
  const create = useCreateTokens();
  const update = useUpdateToken();

  const submit = () => {
    if (mode === "edit" && editId !== null) {
      const input = check(tokenFormSchemas.edit, tokenFormInput(values, editId));
      if (input) update.mutate(input, closeOnSuccess(onDone, t("updated")));
      return;
    }
    const parsed = check(tokenFormSchemas.create, tokenFormInput(values));
    if (!parsed) return;
    const { count, ...payload } = parsed;
    const inputs = batchNames(payload.name, count).map((name) => ({ ...payload, name }));
    create.mutate(inputs, {
      onSuccess: (n) => closeOnSuccess(onDone, n === 1 ? t("created") : t("created_batch", { count: n })).onSuccess(),
    });
  };

  return (
    <DrawerForm
      className="gap-5"
      nativeValidation
      onSubmit={submit}
      onCancel={onDone}
      loading={create.isPending || update.isPending}
      data-testid="token-form"
      submitTestId="token-submit"
    >
      <TokenFormFields
        mode={mode}
        values={values}
        onChange={patch}
        errors={errors}
        quotaPerUnit={status.quota_per_unit}
      />
    </DrawerForm>
  );
}
