"use client";

// The create (left) / edit (right) token drawer with every token field (spec 2 §2, §3 Token, §9).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useSite } from "@/components/providers/site-context";
import { TokenFormFields } from "@/modules/tokens/components/token-form-fields";
import { Button } from "@/components/ui/button";
import { Dialog, DrawerContent } from "@/components/ui/dialog";
import { useCreateTokens, useToken, useUpdateToken } from "@/modules/tokens/client/hooks";
import {
  batchNames,
  emptyTokenForm,
  formToPayload,
  tokenToForm,
  type TokenFormError,
  type TokenFormValues,
} from "@/modules/tokens/client/token-form";

type State = { mode: "create" } | { mode: "edit"; id: number } | null;

export function TokenDrawer({ state, onClose }: { state: State; onClose: () => void }) {
  const t = useTranslations("tokens");
  const tc = useTranslations("common");
  const editId = state?.mode === "edit" ? state.id : null;
  const existing = useToken(editId);
  const ready = state?.mode === "create" || existing.data !== undefined;
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <DrawerContent
        side={state?.mode === "edit" ? "right" : "left"}
        title={state?.mode === "edit" ? t("drawer_edit") : t("drawer_create")}
        closeLabel={tc("close")}
      >
        {state && ready ? (
          <TokenForm
            key={state.mode === "edit" ? `edit-${state.id}` : "create"}
            mode={state.mode}
            editId={editId}
            initial={state.mode === "edit" && existing.data ? tokenToForm(existing.data) : emptyTokenForm()}
            onDone={onClose}
          />
        ) : (
          <p className="py-10 text-center text-muted">{tc("loading")}</p>
        )}
      </DrawerContent>
    </Dialog>
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
    const inputs = batchNames(result.payload.name, result.count).map((name) => ({ ...result.payload, name }));
    create.mutate(inputs, {
      onSuccess: (count) => {
        toast.success(count === 1 ? t("created") : t("created_batch", { count }));
        onDone();
      },
    });
  };

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="token-form"
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
      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-surface pt-4">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending} data-testid="token-submit">
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
