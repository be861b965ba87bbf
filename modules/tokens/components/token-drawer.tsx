"use client";

// The create (left) / edit (right) token drawer with every token field (spec 2 §2, §3 Token, §9).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { CrudDrawer, type EntityDrawerState } from "@/components/admin/entity-drawer";
import { DrawerForm } from "@/components/admin/drawer-form";
import { useSite } from "@/components/providers/site-context";
import { TokenFormFields } from "@/modules/tokens/components/token-form-fields";
import { useCreateTokens, useToken, useUpdateToken } from "@/modules/tokens/client/hooks";
import {
  batchNames,
  emptyTokenForm,
  formToPayload,
  tokenToForm,
  type TokenFormError,
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
    >
      {(mode, editId) => (
        <TokenForm
          mode={mode}
          editId={editId}
          initial={mode === "edit" && existing.data ? tokenToForm(existing.data) : emptyTokenForm()}
          onDone={onClose}
        />
      )}
    </CrudDrawer>
  );
}

function TokenForm({
  mode,
  editId,
  initial,
  onDone,
}: {
  mode: "create" | "edit";
  editId: number | null;
  initial: TokenFormValues;
  onDone: () => void;
}) {
  const t = useTranslations("tokens");
  const { status } = useSite();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<TokenFormError | null>(null);
  const create = useCreateTokens();
  const update = useUpdateToken();

  const submit = () => {
    const result = formToPayload(values, mode);
    if (!result.ok) {
      setError(result.error);
      toast.error(t(`error_${result.error}`));
      return;
    }
    setError(null);
    const done = (message: string) => {
      toast.success(message);
      onDone();
    };
    if (mode === "edit" && editId !== null)
      return update.mutate({ id: editId, ...result.payload }, { onSuccess: () => done(t("updated")) });
    const inputs = batchNames(result.payload.name, result.count).map((name) => ({ ...result.payload, name }));
    create.mutate(inputs, {
      onSuccess: (count) => done(count === 1 ? t("created") : t("created_batch", { count })),
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
        onChange={(patch) => {
          setValues((v) => ({ ...v, ...patch }));
          setError(null);
        }}
        error={error}
        quotaPerUnit={status.quota_per_unit}
      />
    </DrawerForm>
  );
}
