"use client";

// The create (left) / edit (right) drawer of redemption codes. Creating
// shows the generated keys afterwards; editing is offered for unused codes only.
import { useTranslations } from "next-intl";
import { closeOnSuccess } from "@/components/admin/form-state";
import { useState } from "react";
import { toast } from "sonner";
import { CrudDrawer, type EntityDrawerState, type EntityFormProps } from "@/components/admin/entity-drawer";
import { DrawerForm } from "@/components/admin/drawer-form";
import { RedemptionFormFields } from "@/modules/redemptions/components/redemption-form-fields";
import { useIssueText } from "@/lib/client/form-issues";
import { redemptionToForm, emptyRedemptionForm, formToPayload } from "@/modules/redemptions/client/redemption-form";
import { useRedemption, useCreateRedemptions, useUpdateRedemption } from "@/modules/redemptions/client/hooks";

export type RedemptionDrawerState = EntityDrawerState;

export function RedemptionDrawer({
  state,
  onClose,
  onCreated,
}: {
  state: RedemptionDrawerState;
  onClose: () => void;
  onCreated: (keys: string[]) => void;
}) {
  const t = useTranslations("redemptions");
  const editId = state?.mode === "edit" ? state.id : null;
  const existing = useRedemption(editId);
  return (
    <CrudDrawer
      state={state}
      onClose={onClose}
      titles={{ create: t("drawer_create"), edit: t("drawer_edit") }}
      ready={existing.data !== undefined && existing.data.id === editId}
      values={{ entity: existing.data, toForm: redemptionToForm, empty: emptyRedemptionForm }}
    >
      {(form) => <RedemptionForm {...form} onCreated={onCreated} />}
    </CrudDrawer>
  );
}

function RedemptionForm({
  mode,
  editId,
  initial,
  onDone,
  onCreated,
}: EntityFormProps<ReturnType<typeof emptyRedemptionForm>> & { onCreated: (keys: string[]) => void }) {
  const t = useTranslations("redemptions");
  const issueText = useIssueText();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const create = useCreateRedemptions();
  const update = useUpdateRedemption();

  const submit = () => {
    const result = formToPayload(values, mode);
    if (!result.ok) {
      const text = issueText(result.message);
      setError({ field: result.field, text });
      toast.error(text);
      return;
    }
    setError(null);
    if (mode === "edit" && editId !== null)
      return update.mutate({ id: editId, ...result.payload }, closeOnSuccess(onDone, t("updated")));
    create.mutate(result.payload, {
      onSuccess: (res) => {
        toast.success(res.message || t("created"));
        onDone();
        onCreated(res.data);
      },
    });
  };

  return (
    <DrawerForm
      onSubmit={submit}
      onCancel={onDone}
      loading={create.isPending || update.isPending}
      data-testid="redemption-form"
      submitTestId="redemption-submit"
    >
      <RedemptionFormFields
        mode={mode}
        values={values}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        error={error}
      />
    </DrawerForm>
  );
}
