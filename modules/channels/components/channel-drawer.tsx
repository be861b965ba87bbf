"use client";

// The create (left) / edit (right) channel drawer (spec 2 §2). Submitting checks the form (spec 2 §5),
// asks once when the base URL ends in /v1, then creates or updates.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ChannelFormFields } from "@/modules/channels/components/channel-form-fields";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DrawerContent } from "@/components/ui/dialog";
import { baseUrlEndsWithV1 } from "@/lib/channel-rules";
import { channelTypeInfo } from "@/lib/channel-types";
import {
  channelToForm,
  emptyChannelForm,
  formToPayload,
  type ChannelFormError,
  type ChannelFormValues,
} from "@/modules/channels/client/channel-form";
import { useChannel, useCreateChannel, useUpdateChannel } from "@/modules/channels/client/hooks";

export type DrawerState = { mode: "create" } | { mode: "edit"; id: number } | null;

export function ChannelDrawer({ state, onClose }: { state: DrawerState; onClose: () => void }) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const editId = state?.mode === "edit" ? state.id : null;
  const existing = useChannel(editId);
  // Edits start from a fresh read of the channel, not from a cached copy of an earlier opening.
  const ready = state?.mode === "create" || (existing.data !== undefined && existing.isFetchedAfterMount);
  return (
    <Dialog open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <DrawerContent
        side={state?.mode === "edit" ? "right" : "left"}
        title={state?.mode === "edit" ? t("drawer_edit", { id: editId ?? "" }) : t("drawer_create")}
        closeLabel={tc("close")}
        className="sm:max-w-2xl"
      >
        {state && ready ? (
          <ChannelForm
            // Keyed by the channel only: a background refetch must not reset what the admin is typing.
            key={state.mode === "edit" ? `edit-${state.id}` : "create"}
            action={state.mode}
            editId={editId}
            initial={state.mode === "edit" && existing.data ? channelToForm(existing.data) : emptyChannelForm()}
            onDone={onClose}
          />
        ) : existing.isError ? (
          <p className="py-10 text-center text-danger" data-testid="channel-drawer-error">
            {t("load_failed")}
          </p>
        ) : (
          <p className="py-10 text-center text-muted">{tc("loading")}</p>
        )}
      </DrawerContent>
    </Dialog>
  );
}

function ChannelForm({
  action,
  editId,
  initial,
  onDone,
}: {
  action: "create" | "edit";
  editId: number | null;
  initial: ChannelFormValues;
  onDone: () => void;
}) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<ChannelFormError | null>(null);
  const [confirmV1, setConfirmV1] = useState(false);
  const create = useCreateChannel();
  const update = useUpdateChannel();

  const save = () => {
    const result = formToPayload(values, action);
    if (!result.ok) return;
    if (action === "edit" && editId !== null) {
      update.mutate(
        { id: editId, ...result.channel },
        {
          onSuccess: () => {
            toast.success(t("updated"));
            onDone();
          },
        },
      );
      return;
    }
    create.mutate(
      { mode: result.mode, multi_key_mode: result.multi_key_mode, channel: result.channel },
      {
        onSuccess: (r) => {
          toast.success(r.ids.length > 1 ? t("created_batch", { count: r.ids.length }) : t("created"));
          onDone();
        },
      },
    );
  };

  const submit = () => {
    // A second submit while the first is on its way (Enter pressed twice) is refused (spec 2 §8).
    if (create.isPending || update.isPending) return void toast.error(t("error_duplicate_submit"));
    const result = formToPayload(values, action);
    if (!result.ok) {
      setError(result.error);
      toast.error(t(`error_${result.error}`));
      return;
    }
    setError(null);
    if (baseUrlEndsWithV1(values.base_url) && !channelTypeInfo(values.type)?.form?.fullUrl) return setConfirmV1(true);
    save();
  };

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="channel-form"
    >
      <ChannelFormFields
        values={values}
        onChange={(patch) => {
          setValues((v) => ({ ...v, ...patch }));
          setError(null);
        }}
        action={action}
        editId={editId}
        error={error}
      />
      <div className="sticky -bottom-4 flex justify-end gap-2 border-t border-border bg-surface pt-4 pb-4">
        <Button type="button" variant="outline" onClick={onDone}>
          {tc("cancel")}
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending} data-testid="channel-submit">
          {tc("submit")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmV1}
        onOpenChange={setConfirmV1}
        title={t("v1_confirm_title")}
        description={t("v1_confirm")}
        confirmLabel={t("v1_confirm_continue")}
        onConfirm={() => {
          setConfirmV1(false);
          save();
        }}
        data-testid="channel-v1-confirm"
      />
    </form>
  );
}
