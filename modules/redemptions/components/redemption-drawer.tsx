"use client";

// The create (left) / edit (right) drawer of redemption codes (spec 2 §2, §3, §5, §9). Creating
// shows the generated keys afterwards; editing is offered for unused codes only.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { RedemptionFormFields } from "@/modules/redemptions/components/redemption-form-fields";
import { Button } from "@/components/ui/button";
import { Dialog, DrawerContent } from "@/components/ui/dialog";
import { useIssueText } from "@/modules/accounts/client/auth/form-issues";
import { redemptionToForm, emptyRedemptionForm, formToPayload } from "@/modules/redemptions/client/redemption-form";
import { useRedemption, useCreateRedemptions, useUpdateRedemption } from "@/modules/redemptions/client/hooks";

export type RedemptionDrawerState = { mode: "create" } | { mode: "edit"; id: number } | null;

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
  const tc = useTranslations("common");
  const editId = state?.mode === "edit" ? state.id : null;
  const existing = useRedemption(editId);
  const ready = state?.mode === "create" || (existing.data !== undefined && existing.data.id === editId);
  return (
    <Dialog open={state !== null} onOpenChange={(o) => !o && onClose()}>
      <DrawerContent
        side={state?.mode === "edit" ? "right" : "left"}
        title={state?.mode === "edit" ? t("drawer_edit") : t("drawer_create")}
        closeLabel={tc("close")}
      >
        {state && ready ? (
          <RedemptionForm
            key={state.mode === "edit" ? `edit-${state.id}` : "create"}
            mode={state.mode}
            editId={editId}
            initial={state.mode === "edit" && existing.data ? redemptionToForm(existing.data) : emptyRedemptionForm()}
            onDone={onClose}
            onCreated={onCreated}
          />
        ) : (
          <p className="py-10 text-center text-muted">{tc("loading")}</p>
        )}
      </DrawerContent>
    </Dialog>
  );
}

function RedemptionForm({
  mode,
  editId,
  initial,
  onDone,
  onCreated,
}: {
  mode: "create" | "edit";
  editId: number | null;
  initial: ReturnType<typeof emptyRedemptionForm>;
  onDone: () => void;
  onCreated: (keys: string[]) => void;
}) {
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
    if (mode === "edit" && editId !== null) {
      update.mutate(
        { id: editId, ...result.payload },
        {
          onSuccess: () => {
            toast.success(t("updated"));
            onDone();
          },
        },
      );
      return;
    }
    create.mutate(result.payload, {
      onSuccess: (res) => {
        toast.success(res.message || t("created"));
        onDone();
        onCreated(res.data);
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
      data-testid="redemption-form"
    >
      <RedemptionFormFields
        mode={mode}
        values={values}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        error={error}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending} data-testid="redemption-submit">
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
